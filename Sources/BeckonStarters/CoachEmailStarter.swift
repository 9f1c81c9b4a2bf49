/// `beckon init --kind coach-email`: seed 003's shape, an invitation email with the two pages an
/// invite link can end on.
enum CoachEmailStarter {
    static let files = """
        -- beckon.yml --
        # A coach invites a client by email (docs/emails.md). The build writes the email as HTML, plain
        # text, a complete .eml and a JSON sidecar for your email provider, and the pages a link ends on
        # when the invite expired or was cancelled (410). Every key is documented in docs/site-format.md.
        version: 1

        # The pages this site has: no landing page, the client accepts in the app.
        pages: [expired, gone]

        app:
          name: Coachly
          baseURL: https://app.coachly.example
          supportURL: https://coachly.example/support
          supportEmail: support@coachly.example

        locales:
          default: en-US
          list: [en-US]

        # Invite links: https://app.coachly.example/invite/CODE, signed with BECKON_LINK_KEY (never in a file).
        links:
          host: app.coachly.example
          keyID: c1

        expiry:
          days: 7

        email:
          from: invites@coachly.example
          replyTo: support@coachly.example
          # The button opens the invite link; `token` would open tokens.acceptURL with a signed JWT.
          accept: link

        # Sample invites: every email and page is rendered and checked with each.
        samples:
          - id: coach
            inviterFirstName: Maya
            inviterName: Maya Lindqvist
            inviteeFirstName: Jonas
            inviteeEmail: jonas@example.com
            context: content
            contextID: course-strength-101
            contextTitle: Strength Foundations
        -- templates/email/invite.md --
        ---
        kind: email
        subject: invite.subject
        preheader: invite.preheader
        fromName: invite.sender
        transactional: true
        ---
        # {{t.invite.heading}}

        {{t.invite.greeting}}

        {{t.invite.body}}

        {{button t.invite.accept invite.url}}

        {{t.invite.expiry}}
        -- templates/pages/expired.md --
        ---
        kind: expired
        layout: page
        title: page.expired.title
        description: page.expired.description
        ---
        # {{t.page.expired.headline}}

        {{t.page.expired.body}}
        -- templates/pages/gone.md --
        ---
        kind: gone
        layout: page
        title: page.gone.title
        description: page.gone.description
        ---
        # {{t.page.gone.headline}}

        {{t.page.gone.body}}
        -- templates/layouts/page.mustache --
        <!DOCTYPE html>
        <html lang="{{page.lang}}" dir="{{page.dir}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{page.title}} · {{app.name}}</title>
        <meta name="description" content="{{page.description}}">
        <meta name="robots" content="noindex">
        <meta name="color-scheme" content="light dark">
        <link rel="canonical" href="{{page.url}}">
        <style>
        {{{theme.css}}}
        *,*::before,*::after{box-sizing:border-box}
        body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--background);color:var(--text);font:1.0625rem/1.6 var(--font-body)}
        main{width:100%;max-width:30rem;padding:2.5rem 1.25rem}
        h1{font:700 clamp(1.5rem,5vw,2rem)/1.25 var(--font-heading);margin:0 0 1rem}
        p{margin:0 0 1rem}
        a{color:var(--link)}
        a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
        </style>
        </head>
        <body>
        <main>
        {{{page.body}}}
        <p><a href="{{app.supportURL}}">{{t.page.support}}</a></p>
        </main>
        </body>
        </html>
        -- locales/en-US.yml --
        # Strings in ICU MessageFormat with inline Markdown. Arguments: {app}, {inviter}, {inviterName},
        # {invitee}, {contextTitle}, {days}. `description:` is for translators and reviewers.
        invite:
          sender:
            message: "{inviterName} via {app}"
            description: The email's sender name, so the client sees who invited them.
          subject:
            message: Your coach invited you to {app}
            maxChars: 78
          preheader:
            message: "{inviter} saved you a spot in {contextTitle}. Accept within {days} days to start."
            maxChars: 130
          heading: You're invited to {contextTitle}
          greeting: "{invitee, select, none {Hi,} other {Hi {invitee},}}"
          body: Your coach **{inviterName}** invited you to join **{contextTitle}** on {app}. Accept the invite to create your account and start with your coach's plan.
          accept:
            message: Accept invite
            maxChars: 30
          expiry: "{days, plural, one {The invite is valid for # day.} other {The invite is valid for # days.}}"

        email:
          footer:
            why: You're receiving this email because of an invitation on {app}.
            ignore: If you weren't expecting it, you can ignore this email.
            support: "Need help? [Contact support](https://coachly.example/support)"

        page:
          support: Help and support
          expired:
            title: Invitation expired
            description: This invitation link has expired.
            headline: Invitation expired — contact your coach
            body: Invites are valid for 7 days. Ask your coach to send you a new one.
          gone:
            title: Invitation cancelled
            description: This invitation was cancelled.
            headline: This invitation was cancelled
            body: Your coach cancelled this invitation before it was accepted, so the link no longer works. Nothing was created in your name.
        """
}
