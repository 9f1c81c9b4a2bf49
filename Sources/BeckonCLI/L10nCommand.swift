import ArgumentParser

/// `beckon l10n`: the localization reviewer's commands.
struct L10nCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n", abstract: "Review and hand off translations.",
        subcommands: [L10nStatus.self, L10nExport.self, L10nImport.self])
}
