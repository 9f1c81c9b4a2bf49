import BeckonSMTP
import BeckonTestSupport

extension ScriptedRelay {
    /// A connection to the relay in plain text (it is on this machine).
    func connection(timeout: Double = 10) throws -> SMTPConnection {
        SMTPConnection(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(port)?tls=none"), timeout: timeout)
    }
}
