import ArgumentParser

/// `beckon`: the root command.
public struct BeckonCommand: AsyncParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "beckon",
        abstract:
            "Build and check invite landing pages, emails, preview cards and share messages from Markdown and locale bundles.",
        discussion: """
            A site is a folder with beckon.yml, templates/, locales/ and static/. The repository root \
            is the default site; `beckon init` starts a new one.

            Examples:
              beckon init my-invites --kind messages
                                                    Start a site of message pools (or invite-friends, coach-email)
              beckon build                          Build the site in this folder into output/
              beckon build --site examples/selffull Build another site
              beckon build --locale de-DE --strict  Build one locale; warnings fail the build
              beckon check --format github          Check without writing, as GitHub annotations
              beckon preview --open                 Serve the site with live reload while you edit
              beckon invite new --context achievement
                                                    A new invite as JSON, with its signed link
              beckon link verify https://join.playa.app/invite/7KQ2M9XJ4PW3HNT?exp=…&kid=p1&sig=…

            Exit status: 0 clean, 1 errors found, 64 usage error.
            """,
        version: version,
        subcommands: [
            InitCommand.self, BuildCommand.self, CheckCommand.self, PreviewCommand.self, ServeCommand.self,
            RenderCommand.self,
            L10nCommand.self,
            LintCommand.self,
            ContrastCommand.self,
            InviteCommand.self, LinkCommand.self, TokenCommand.self, WaitlistCommand.self, FunnelCommand.self,
            DKIMCommand.self,
        ]
    )

    public init() {}
}
