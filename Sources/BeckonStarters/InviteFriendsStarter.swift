/// `beckon init --kind invite-friends`: seeds 000 and 001, a friend's invite link that opens a
/// landing page with its preview card, and the messages the share sheet pre-composes.
enum InviteFriendsStarter {
    static let files = """
        -- beckon.yml --
        # Invite friends (docs/site-format.md documents every key). The build writes, per locale and
        # sample invite, the landing page an invite link opens, the expired and cancelled (410) pages,
        # the page for Android visitors, a 1200×630 preview card for each, and the share messages.
        version: 1

        app:
          name: Friendly
          # Where the pages are served from (https); canonical and preview URLs start with it.
          baseURL: https://join.friendly.example
          # Your App Store id: the pages get the store button and a Smart App Banner.
          appStoreID: "123456789"
          supportURL: https://friendly.example/help
          supportEmail: help@friendly.example
          # Your app's URL scheme: "open in the app" links are friendly://invite/CODE.
          urlScheme: friendly

        theme:
          light: {text: "#1b1b1f", background: "#ffffff", link: "#0b57d0", button: "#0b57d0", buttonText: "#ffffff"}
          dark: {text: "#e6e6ec", background: "#121216", link: "#8ab4f8", button: "#8ab4f8", buttonText: "#0b1220"}

        locales:
          default: en-US
          list: [en-US]

        # Invite links: https://join.friendly.example/invite/CODE, signed with BECKON_LINK_KEY (never in a file).
        links:
          host: join.friendly.example
          keyID: k1

        expiry:
          days: 30

        # With `beckon serve` answering the links, the store button copies the invite link first, so
        # the app finds the invite after its install, as the landing page's pitch promises
        # (docs/deferred-links.md).
        deferred:
          clipboard: true

        # The messages the share sheet pre-composes, one per invite context and channel.
        share:
          channels: [sms, whatsapp, email]

        # Sample invites: every page, card and message is rendered and checked with each. Try long
        # and right-to-left names here before real people have them.
        samples:
          - id: maya
            inviterFirstName: Maya
            inviterName: Maya Okafor
            context: generic
          - id: long-name
            inviterFirstName: Maximiliane-Charlotte
            context: achievement
            contextTitle: 100 days in a row
        -- templates/layouts/page.mustache --
        <!DOCTYPE html>
        <html lang="{{page.lang}}" dir="{{page.dir}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{page.title}}</title>
        <meta name="description" content="{{page.description}}">
        <meta name="robots" content="noindex">
        <meta name="color-scheme" content="light dark">
        {{#app.hasSmartAppBanner}}
        <meta name="apple-itunes-app" content="{{app.smartAppBanner}}">
        {{/app.hasSmartAppBanner}}
        <link rel="canonical" href="{{page.url}}">
        {{#alternates}}
        <link rel="alternate" hreflang="{{hreflang}}" href="{{href}}">
        {{/alternates}}
        <meta property="og:type" content="website">
        <meta property="og:site_name" content="{{app.name}}">
        <meta property="og:title" content="{{og.title}}">
        <meta property="og:description" content="{{og.description}}">
        <meta property="og:url" content="{{og.url}}">
        <meta property="og:locale" content="{{og.locale}}">
        {{#og.hasImage}}
        <meta property="og:image" content="{{og.image}}">
        <meta name="twitter:image" content="{{og.image}}">
        {{/og.hasImage}}
        {{#og.hasCard}}
        <meta property="og:image:width" content="{{og.imageWidth}}">
        <meta property="og:image:height" content="{{og.imageHeight}}">
        <meta property="og:image:alt" content="{{og.imageAlt}}">
        {{/og.hasCard}}
        <meta name="twitter:card" content="{{og.twitterCard}}">
        <meta name="twitter:title" content="{{og.title}}">
        <meta name="twitter:description" content="{{og.description}}">
        <style>
        {{{theme.css}}}
        *,*::before,*::after{box-sizing:border-box}
        body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--background);color:var(--text);font:1.0625rem/1.55 var(--font-body)}
        main,footer{width:100%;max-width:64rem;margin:0 auto;padding:1.5rem 1.25rem}
        main{flex:1;display:grid;gap:1.5rem 3rem;align-items:start;align-content:start}
        @media (min-width:60rem){main{grid-template-columns:minmax(0,3fr) minmax(18rem,2fr);padding-top:4rem}}
        h1{font:700 clamp(1.875rem,5vw,3rem)/1.15 var(--font-heading);margin:0 0 1rem;overflow-wrap:anywhere}
        p{margin:0 0 1rem}
        :lang(ja) h1,:lang(ja) p{word-break:keep-all;overflow-wrap:anywhere}
        a{color:var(--link)}
        a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
        .inviter{display:flex;align-items:center;gap:1rem;margin:0 0 1.5rem}
        .avatar{flex:none;width:4rem;height:4rem;border-radius:50%;display:flex;align-items:center;justify-content:center;background:var(--button);color:var(--button-text);font:700 1.375rem/1 var(--font-heading);object-fit:cover}
        .inviter p{margin:0}
        .context{display:inline-block;margin-top:.375rem;padding:.125rem .75rem;border:1px solid;border-radius:1rem;font-size:.9375rem}
        .panel{display:grid;gap:.75rem;border:1px solid rgba(128,128,128,.4);border-radius:1.25rem;padding:1.5rem}
        .panel p{margin:0}
        .button{display:flex;align-items:center;justify-content:center;min-height:3.25rem;padding:.75rem 1.5rem;border-radius:.875rem;background:var(--button);color:var(--button-text);font-weight:600;text-align:center;text-decoration:none}
        .panel a:not(.button),footer a{display:inline-block;min-height:2.75rem;padding:.625rem 0}
        footer{border-top:1px solid rgba(128,128,128,.4);font-size:.9375rem}
        </style>
        </head>
        <body>
        <main>
        <div>
        {{#inviter.isKnown}}
        <div class="inviter">
        {{#inviter.hasAvatar}}<img class="avatar" src="{{inviter.avatarURL}}" alt="" width="64" height="64">{{/inviter.hasAvatar}}
        {{^inviter.hasAvatar}}<span class="avatar" aria-hidden="true">{{inviter.initials}}</span>{{/inviter.hasAvatar}}
        <div><p><strong>{{inviter.name}}</strong></p>
        {{#invite.hasContextTitle}}<p class="context">{{invite.contextTitle}}</p>{{/invite.hasContextTitle}}</div>
        </div>
        {{/inviter.isKnown}}
        {{{page.body}}}
        </div>
        <div class="panel">
        {{#app.hasAppStore}}
        <a class="button" href="{{app.appStoreURL}}">{{t.common.appStore}}</a>
        {{/app.hasAppStore}}
        {{#invite.hasDeepLink}}
        <p><a href="{{invite.deepLink}}">{{t.landing.openInApp}}</a></p>
        {{/invite.hasDeepLink}}
        {{#invite.copiesLink}}
        <p>{{t.landing.clipboardNote}}</p>
        {{/invite.copiesLink}}
        {{#invite.hasQRCode}}
        <div>{{{invite.qrCode}}}
        <p aria-hidden="true">{{t.landing.scanToOpen}}</p></div>
        {{/invite.hasQRCode}}
        </div>
        </main>
        <footer><p><a href="{{app.supportURL}}">{{t.common.support}}</a></p></footer>
        </body>
        </html>
        -- templates/pages/landing.md --
        ---
        kind: landing
        layout: page
        title: landing.title
        description: landing.description
        ---
        # {{t.landing.headline}}

        {{t.landing.pitch}}
        -- templates/pages/expired.md --
        ---
        kind: expired
        layout: page
        title: expired.title
        description: expired.description
        ---
        # {{t.expired.title}}

        {{t.expired.body}}
        -- templates/pages/gone.md --
        ---
        kind: gone
        layout: page
        title: gone.title
        description: gone.description
        ---
        # {{t.gone.title}}

        {{t.gone.body}}
        -- templates/pages/android.md --
        ---
        kind: android
        layout: page
        title: android.title
        description: android.description
        ---
        # {{t.android.title}}

        {{t.android.body}}
        -- templates/og/card.yml --
        # The preview card of every invite page (docs/og-cards.md): the inviter's avatar or initials,
        # a title and a subtitle on a gradient.
        background:
          from: theme.light.button
          to: "#4a148c"
          angle: 135
        avatar:
          size: 200
          accent: "#ffd166"
          initialsColor: "#1b1b1f"
          border: "#ffffff"
        title:
          key: og.title
          color: "#ffffff"
          size: 46
          weight: bold
          maxLines: 2
        subtitle:
          key: og.subtitle
          color: "#eef3ff"
          size: 32
          maxLines: 2
        -- locales/en-US.yml --
        # Strings in ICU MessageFormat with inline Markdown. Arguments: {app}, {inviter}, {inviterName},
        # {invitee}, {contextTitle}, {days}, {link}. `description:` is for translators and reviewers.
        common:
          friend:
            message: A friend
            description: Stands in for the inviter's name on a page shown without one.
          appStore: Download on the App Store
          support: Help and support

        landing:
          title:
            message: "{inviter} invited you to {app}"
            maxChars: 70
          description:
            message: Stay close to the people who matter. Accept your invite in two taps.
            maxChars: 155
          headline: "{inviter} invited you to {app}"
          pitch:
            message: Install **{app}** and open it — your invite is waiting inside.
            promise: handOff
          openInApp: Already have {app}? Open your invite in the app
          clipboardNote: Tapping the store button copies your invite link, so {app} can find your invite once it is installed.
          scanToOpen: Scan to open this invite on your phone

        expired:
          title: This invite has expired
          description: Invites to {app} last {days} days.
          body: Invites to {app} last {days} days. Download {app} to get started, or ask for a new invite.

        gone:
          title: This invite was cancelled
          description: The person who sent this invite cancelled it.
          body: The person who sent this invite cancelled it. You can still download {app} and get started.

        android:
          title: "{app} for Android is on its way"
          description: "{app} is available on iPhone for now."
          body: "{app} is available on iPhone for now. We'll be on Android soon."

        og:
          title:
            message: "{inviter} invited you to {app}"
            description: The preview card's title, at most two lines.
          subtitle: Stay close to the people who matter.

        share:
          generic:
            message: "I've been using {app} and thought you'd love it! {link}"
            description: The share sheet's message; keep it to one SMS with the link.
          achievement: "{contextTitle, select, none {I just reached a goal} other {I just hit {contextTitle}}} on {app}! Try it: {link}"
          content: "Thought you'd like this on {app}: {link}"
          collaborative: "Join me on {app}: {link}"
          emailSubject: "{inviter} invited you to {app}"
        """
}
