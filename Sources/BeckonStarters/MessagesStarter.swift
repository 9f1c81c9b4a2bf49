/// `beckon init --kind messages`: seed 002's shape, a site of share messages only.
enum MessagesStarter {
    static let files = """
        -- beckon.yml --
        # A site of share messages (docs/share-messages.md): each recipient has a pool of messages the
        # app picks from, written per locale and channel with the link that opens the channel
        # pre-filled. No pages, emails or cards. Every key is documented in docs/site-format.md.
        version: 1

        app:
          name: Keepintouch
          # The address your app's web presence lives at (https).
          baseURL: https://keepintouch.example
          supportURL: https://keepintouch.example/help
          supportEmail: help@keepintouch.example

        locales:
          default: en-US
          list: [en-US]

        share:
          # The channels a message is written for; each recipient narrows them with `channels`.
          channels: [whatsapp, sms, instagram]
          # Messages belong to recipients (samples[].messages), not to invite contexts.
          contexts: []
          # Keep-in-touch messages carry no invite link.
          requireLink: false

        limits:
          # A message template is at most 500 characters.
          messageChars: 500
          smsSegments: 4
          smsSegmentsUCS2: 8

        # Recipients: a name, an address on each channel they use, and the pool their messages come
        # from. Use numbers from ranges reserved for fiction (such as +44 7700 900xxx).
        samples:
          - id: partner
            inviterFirstName: Sam
            inviteeFirstName: Alex
            phone: "+44 7700 900123"
            channels: [whatsapp, sms]
            messages: share.partner
          - id: friend
            inviterFirstName: Sam
            inviteeFirstName: Noor
            instagram: noor.example
            channels: [instagram]
            messages: share.friend
        -- locales/en-US.yml --
        # Message pools: a list is a pool, and the app picks one item for each message it schedules.
        # Arguments: {invitee} (the recipient's first name), {inviter}, {app}.
        share:
          partner:
            - "Good morning {invitee}, thinking of you."
            - "{invitee}, dinner on Friday? I'll cook."
            - message: "How did today go, {invitee}? Call me when you're free."
              description: Sent on weekdays; short enough to read on a lock screen.
          friend:
            - "Saw this and thought of you, {invitee}!"
            - "{invitee}, coffee this week?"
        """
}
