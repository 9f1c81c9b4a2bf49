/// The preview's own script and stylesheet.
enum ClientAssets {
    /// Reloads the page after every build (a frame leaves that to its page), draws findings over
    /// the elements they concern, shows a banner when the site does not build, and copies paths.
    static let script = #"""
        (() => {
          const inFrame = window.top !== window;
          document.addEventListener('click', (event) => {
            const button = event.target.closest && event.target.closest('[data-copy]');
            if (!button) return;
            const text = button.getAttribute('data-copy');
            const done = () => { button.textContent = 'Copied'; };
            if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, done); else done();
          });
          const data = document.getElementById('beckon-findings');
          if (data) {
            const payload = JSON.parse(data.textContent || '{}');
            const style = document.createElement('style');
            style.textContent = '[data-beckon-finding]{outline:3px solid #c5221f!important;outline-offset:2px}'
              + '.beckon-badge{position:absolute;z-index:2147483647;max-width:28rem;font:13px/1.4 system-ui,sans-serif;'
              + 'background:#c5221f;color:#fff;padding:2px 6px;border-radius:4px;cursor:help}'
              + '.beckon-badge.warning{background:#8a5a00}'
              + '.beckon-banner{position:fixed;inset:0 0 auto 0;z-index:2147483647;background:#c5221f;color:#fff;'
              + 'font:14px/1.4 system-ui,sans-serif;padding:8px 12px}.beckon-banner a{color:#fff}';
            document.head.appendChild(style);
            (payload.findings || []).forEach((finding, index) => {
              const element = document.querySelector('[data-beckon-finding~="' + index + '"]');
              if (!element) return;
              const rect = element.getBoundingClientRect();
              const badge = document.createElement('div');
              badge.className = 'beckon-badge ' + finding.severity;
              badge.textContent = finding.rule;
              badge.title = finding.message + '\n' + finding.location + (finding.fix ? '\nFix: ' + finding.fix : '');
              badge.style.left = (rect.left + window.scrollX) + 'px';
              badge.style.top = Math.max(0, rect.top + window.scrollY - 22) + 'px';
              document.body.appendChild(badge);
            });
            if (payload.broken) {
              const banner = document.createElement('div');
              banner.className = 'beckon-banner';
              banner.setAttribute('role', 'alert');
              banner.innerHTML = 'The site does not build: this is the last good render. <a href="/#findings">See why</a>';
              document.body.appendChild(banner);
            }
          }
          if (!inFrame && window.EventSource) {
            const events = new EventSource('/_beckon/events');
            events.addEventListener('build', () => location.reload());
          }
        })();
        """#

    static let stylesheet = """
        :root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fff;--muted:#5f6368;--line:#dadce0;--bad:#c5221f;--warn:#8a5a00;--good:#137333}
        @media (prefers-color-scheme:dark){:root{--fg:#e8eaed;--bg:#202124;--muted:#bdc1c6;--line:#5f6368;--bad:#f28b82;--warn:#fdd663;--good:#81c995}}
        body.beckon-ui{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
        .bar{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;padding:.5rem 1rem;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:1}
        .bar a{color:inherit}.home{font-weight:700;text-decoration:none}
        .status{margin:0}.status.bad a{color:var(--bad)}.status.warn a{color:var(--warn)}.status.good a{color:var(--good)}
        main{padding:0 1rem 3rem;max-width:1400px}
        a{color:#1a73e8}@media (prefers-color-scheme:dark){a{color:#8ab4f8}}
        .jump a,.controls a{margin-right:.5rem}
        [aria-current="true"]{font-weight:700;text-decoration:none}
        .files{columns:18rem;padding-left:1.2rem}
        .cards{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}
        .cards img{display:block;width:300px;height:auto;border:1px solid var(--line)}
        .badge{font-size:.8rem;padding:0 .4rem;border-radius:.6rem;color:#fff}.badge.error{background:var(--bad)}.badge.warning{background:var(--warn)}
        .findings{padding-left:1.5rem}.finding{margin:0 0 1rem}.finding p{margin:.1rem 0}
        .finding.error .severity{color:var(--bad);font-weight:700}.finding.warning .severity{color:var(--warn);font-weight:700}
        .path{user-select:all}.copy{font:inherit;font-size:.8rem}
        .source{margin:.2rem 0;padding:.3rem .5rem;background:rgba(127,127,127,.12);overflow:auto}.source .number{color:var(--muted)}
        .frames{display:flex;gap:1.5rem;align-items:flex-start;overflow-x:auto}
        .frames figure{margin:0}.frames iframe{border:1px solid var(--line);background:#fff}
        .desktop .scaled{width:640px;height:450px;overflow:hidden}
        .desktop .scaled iframe{transform:scale(.5);transform-origin:0 0}
        .inbox{display:flex;gap:.75rem;border:1px solid var(--line);padding:.5rem .75rem;white-space:nowrap;overflow:hidden;max-width:60rem}
        .inbox .from,.inbox .subject{font-weight:700}.inbox .preheader{color:var(--muted);overflow:hidden;text-overflow:ellipsis}
        .meta{color:var(--muted)}
        .tabs{display:flex;flex-wrap:wrap;gap:.25rem}.tabs input{position:absolute;opacity:0}
        .tabs label{padding:.4rem .8rem;border:1px solid var(--line);border-bottom:0;cursor:pointer}
        .tabs input:checked+label{font-weight:700;background:rgba(127,127,127,.15)}
        .tabs input:focus-visible+label{outline:2px solid #1a73e8}
        .panel{display:none;order:1;width:100%;border-top:1px solid var(--line);padding-top:.75rem}
        .panel iframe{border:1px solid var(--line);background:#fff;max-width:100%}
        .panel pre{white-space:pre-wrap;overflow-wrap:anywhere}
        #tab-html:checked~#panel-html,#tab-dark:checked~#panel-dark,#tab-off:checked~#panel-off,
        #tab-text:checked~#panel-text,#tab-source:checked~#panel-source,#tab-headers:checked~#panel-headers{display:block}
        .headers th{text-align:left;padding-right:1rem;vertical-align:top}
        .card img{max-width:100%;height:auto;border:1px solid var(--line)}
        .message{border-left:4px solid var(--line);margin:1rem 0;padding:.25rem 1rem;white-space:pre-wrap}
        """
}
