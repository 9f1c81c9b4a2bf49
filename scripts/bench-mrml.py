#!/usr/bin/env python3
"""Renders the default site's en-US invitation written in MJML with MRML (the Rust port of MJML,
through `mjml-python` from PyPI) and prints emails per second, one at a time and with one process
per core, and the size of the HTML. MRML writes the HTML only: no text part, no MIME message.

    python3 scripts/bench-mrml.py [COUNT]

When `mjml` cannot be imported, the script makes a virtual environment in
$BECKON_BENCH_VENV (default /tmp/beckon-bench-venv), installs mjml-python there with pip and runs
itself again with that environment's Python. Nothing is installed into the system Python.
"""

import multiprocessing
import os
import subprocess
import sys
import time

try:
    from mjml import mjml2html
except ImportError:
    venv = os.environ.get("BECKON_BENCH_VENV", "/tmp/beckon-bench-venv")
    python = os.path.join(venv, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(venv):
        sys.exit("mjml-python is not importable in " + venv)
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "mjml-python"], check=True)
    os.execv(python, [python] + sys.argv)

# The text of output/emails/en-US/emoji-name/invite.html (`beckon build`), in the same layout: logo,
# heading, greeting, body, button, expiry line, then a divider and the three footer paragraphs.
FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK JP', sans-serif"
INVITATION = f"""<mjml lang="en-US" dir="ltr">
  <mj-head>
    <mj-title>Maya 🌴 invited you to Playa</mj-title>
    <mj-preview>Join 50K+ people staying close to the people who matter. Your invite is waiting.</mj-preview>
    <mj-attributes>
      <mj-all font-family="{FONTS}" />
      <mj-text color="#1b1b1f" font-size="16px" line-height="24px" padding="0 12px 16px" />
    </mj-attributes>
  </mj-head>
  <mj-body width="600px" background-color="#ffffff">
    <mj-section padding="24px 0 0">
      <mj-column>
        <mj-image src="https://join.playa.app/assets/og-logo.png" alt="Playa logo" width="120px" height="40px"
          align="left" padding="0 12px 24px" />
        <mj-text font-size="24px" line-height="32px" font-weight="700"><h1 style="margin:0;font-size:24px;"><bdi>Maya 🌴</bdi> invited you to Playa</h1></mj-text>
        <mj-text>Hi <bdi>Lea</bdi>,</mj-text>
        <mj-text><bdi>Maya 🌴</bdi> wants you on <strong>Playa</strong>, where 50K+ people stay close to the people who matter. Accept the invite to connect right away.</mj-text>
        <mj-button href="https://join.playa.app/invite/7KQ2M9XJ4PW3HNT" background-color="#0b57d0" color="#ffffff"
          font-weight="bold" border-radius="8px" inner-padding="12px 28px" align="left" padding="8px 12px 24px">Accept Invite</mj-button>
        <mj-text>This invite expires in 30 days.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="24px 0">
      <mj-column>
        <mj-divider border-width="1px" border-color="#1b1b1f" padding="0 12px 16px" />
        <mj-text font-size="13px" line-height="20px" padding="0 12px 12px">You're getting this email because <bdi>Maya Schneider 🌴</bdi> invited you to Playa.</mj-text>
        <mj-text font-size="13px" line-height="20px" padding="0 12px 12px">If you weren't expecting it, you can ignore this email. Nothing happens unless you accept.</mj-text>
        <mj-text font-size="13px" line-height="20px" padding="0 12px 12px">Questions? <a href="https://playa.app/help" style="color:#0b57d0;text-decoration:underline;">Contact support</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
"""


def render(times):
    for _ in range(times):
        mjml2html(INVITATION)
    return times


def main():
    count = max(1, int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
    html = mjml2html(INVITATION)
    render(50)  # warm up

    start = time.perf_counter()
    render(count)
    sequential = count / (time.perf_counter() - start)

    cores = os.cpu_count() or 1
    with multiprocessing.Pool(cores) as pool:
        pool.map(render, [10] * cores)  # start and warm up every worker
        start = time.perf_counter()
        done = sum(pool.map(render, [count // cores] * cores))
        parallel = done / (time.perf_counter() - start)

    print(f"{count} emails on {cores} cores (mjml-python, MRML)")
    print(f"one at a time: {sequential:.0f} emails/s")
    print(f"in parallel:   {parallel:.0f} emails/s (one process per core)")
    print(f"HTML: {len(html.encode('utf-8'))} B (no text part, no MIME)")


if __name__ == "__main__":
    main()
