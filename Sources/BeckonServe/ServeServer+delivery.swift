import BeckonDKIM
import BeckonSMTP
import BeckonSite
import BeckonStore
import Foundation

extension ServeServer {
    /// The environment variables delivery reads.
    public enum DeliveryVariable {
        public static let user = "BECKON_SMTP_USER"
        public static let password = "BECKON_SMTP_PASSWORD"
        /// A PEM file of the certificate authorities the relay's certificate is checked against,
        /// instead of the system's.
        public static let certificateAuthorities = "BECKON_SMTP_CA_FILE"
        /// The DKIM private key: PEM text, or the path of a PEM file.
        public static let dkimKey = "BECKON_DKIM_KEY"
    }

    /// `--smtp URL` with its credentials and the site's DKIM key, or `nil` without `--smtp`.
    static func delivery(
        _ configuration: ServeConfiguration, site: ServedSite, log: @Sendable (String) -> Void
    ) throws(ServeSetupError) -> DeliverySettings? {
        let environment = configuration.environment
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let dkim = site.config.email?.dkim
        guard let url = configuration.smtp else {
            if dkim != nil, variable(DeliveryVariable.dkimKey) != nil {
                log("BECKON_DKIM_KEY is set but nothing is sent without --smtp")
            }
            return nil
        }
        if configuration.outbox != nil {
            throw ServeSetupError(
                "serve.smtp", "`--smtp` and `--outbox` both deliver the invitations: choose one",
                fix: "Keep `--outbox` when your own mail agent sends the .eml files; `--smtp` when Beckon sends them.")
        }
        let relay: SMTPRelay
        do {
            relay = try SMTPRelay(
                url: url, username: variable(DeliveryVariable.user), password: variable(DeliveryVariable.password),
                certificateAuthorities: variable(DeliveryVariable.certificateAuthorities))
        } catch {
            throw ServeSetupError("serve.smtp", "`--smtp \(Self.withoutLogin(url))`: \(error.description)")
        }
        if let reason = SMTPConnection.libraryUnavailable {
            throw ServeSetupError(
                "serve.smtp", "`--smtp` sends through libcurl, which could not be loaded: \(reason)",
                fix: "Install libcurl (Debian: `apt-get install libcurl4`), or use `--outbox` and your own mail agent.")
        }
        if (variable(DeliveryVariable.user) == nil) != (variable(DeliveryVariable.password) == nil) {
            throw ServeSetupError(
                "serve.smtp", "only one of BECKON_SMTP_USER and BECKON_SMTP_PASSWORD is set",
                fix: "Set both to log in to the relay, or neither.")
        }
        if site.invitePages?.hasInvitationEmails != true {
            log("the site has no email with `recipient: invitee`: nothing will be sent")
        }
        return DeliverySettings(
            relay: relay, signer: try signer(dkim, key: variable(DeliveryVariable.dkimKey), log: log),
            connections: max(1, configuration.smtpConnections), timeout: configuration.smtpTimeout,
            schedule: configuration.smtpRetry)
    }

    /// The DKIM signer of `email.dkim` with the key in the environment.
    private static func signer(
        _ dkim: DKIMConfig?, key: String?, log: @Sendable (String) -> Void
    ) throws(ServeSetupError) -> DKIMSigner? {
        guard let dkim else {
            if key != nil { log("BECKON_DKIM_KEY is set but beckon.yml has no `email.dkim`: emails are not signed") }
            return nil
        }
        guard let key else {
            throw ServeSetupError(
                "serve.dkim", "beckon.yml signs emails (`email.dkim`) and BECKON_DKIM_KEY is not set",
                fix:
                    "Set BECKON_DKIM_KEY to the private key (PEM) or its file; `beckon dkim keygen --selector \(dkim.selector) --domain \(dkim.domain)` makes one."
            )
        }
        let pem: String
        if key.hasPrefix("-----BEGIN") {
            pem = key
        } else {
            guard let text = try? String(contentsOfFile: key, encoding: .utf8) else {
                throw ServeSetupError(
                    "serve.dkim", "BECKON_DKIM_KEY names no readable file",
                    fix: "Set it to the key's PEM text or the path of its file.")
            }
            pem = text
        }
        do {
            return try DKIMSigner(key: DKIMKey(pem: pem), domain: dkim.domain, selector: dkim.selector)
        } catch {
            throw ServeSetupError("serve.dkim", "BECKON_DKIM_KEY: \(error)")
        }
    }
}

extension ServeServer {
    /// Keeps this server's plan of which events queue jobs, when it delivers (`--smtp`,
    /// `--webhook`). A server that delivers nothing leaves the plan as another instance on the same
    /// database set it, and says so: the jobs wait in the queue for that instance.
    static func keepPlan(
        _ settings: Settings, site: ServedSite, store: any InviteStore, log: @Sendable (String) -> Void
    ) async throws(ServeSetupError) {
        let emails: OutboundPlan =
            settings.delivery == nil
            ? .none : .invitations + (site.noticeTemplate(.expired) == nil ? .none : .expiryNotices)
        let plan = emails + (settings.webhook.map { .webhooks($0.events) } ?? .none)
        do {
            guard plan.triggers.isEmpty else { return try await store.setOutboundPlan(plan) }
            let kept = try await store.outboundPlan()
            let kinds = Set(kept.triggers.map(\.kind.rawValue)).sorted()
            if !kinds.isEmpty {
                log(
                    "the store queues \(kinds.joined(separator: " and ")) jobs for an instance started with --smtp or --webhook; this one sends none of them"
                )
            }
        } catch {
            throw ServeSetupError("serve.store", "the invite store could not keep the delivery plan: \(error)")
        }
    }

    /// The variable that holds the webhooks' signing secret.
    public static let webhookSecretVariable = "BECKON_WEBHOOK_SECRET"

    /// `--webhook URL` with its events and the secret in the environment, or `nil` without it.
    static func webhook(_ configuration: ServeConfiguration) throws(ServeSetupError) -> WebhookSettings? {
        guard let text = configuration.webhook else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
            scheme == "https" || (scheme == "http" && LoopbackHost.contains(Self.bare(host))), url.user == nil
        else {
            throw ServeSetupError(
                "serve.webhook", "`--webhook \(Self.withoutLogin(text))` is not an endpoint the server posts to",
                fix: "Give an https:// URL (http:// only to 127.0.0.1 or localhost), without a user or password.")
        }
        guard let secretText = configuration.environment[webhookSecretVariable], !secretText.isEmpty else {
            throw ServeSetupError(
                "serve.webhook",
                "`--webhook` needs \(webhookSecretVariable), the secret its deliveries are signed with",
                fix: "Set \(webhookSecretVariable)=whsec_$(openssl rand -base64 32) and give the same to the receiver.")
        }
        guard let secret = WebhookSignature.secret(secretText) else {
            throw ServeSetupError(
                "serve.webhook", "\(webhookSecretVariable) is not `whsec_` and the base64 of 24 to 64 bytes",
                fix: "Make one with `echo whsec_$(openssl rand -base64 32)`.")
        }
        var events: [InviteEvent.Name] = []
        for name in configuration.webhookEvents {
            guard let event = InviteEvent.Name(rawValue: name), WebhookSettings.allowedEvents.contains(event) else {
                let allowed = WebhookSettings.allowedEvents.map(\.rawValue).joined(separator: ", ")
                throw ServeSetupError(
                    "serve.webhook", "`--webhook-events`: `\(name)` is not an event a webhook posts",
                    fix: "Name some of \(allowed).")
            }
            if !events.contains(event) { events.append(event) }
        }
        return WebhookSettings(
            url: url, secret: secret, events: events, disableAfter: max(1, configuration.webhookDisableAfter),
            timeout: configuration.webhookTimeout, schedule: configuration.webhookRetry)
    }

    /// A host as `LoopbackHost` reads it: an IPv6 address without its brackets.
    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// A URL as it may be printed: without the user and password before `@`.
    static func withoutLogin(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@"),
            !url[scheme.upperBound..<at].contains("/")
        else { return url }
        return String(url[..<scheme.upperBound]) + "…@" + String(url[url.index(after: at)...])
    }
}
