import ArgumentParser
import BeckonCLI

/// The `beckon` executable: everything it does lives in BeckonCLI.
@main
struct Entry {
    static func main() async {
        await BeckonCommand.main()
    }
}
