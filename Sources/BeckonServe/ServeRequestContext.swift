import Hummingbird
import NIOCore

/// What `beckon serve` knows of a request besides the request itself: Hummingbird's core context
/// and the address of the peer that sent it (a proxy's, behind one; `ClientIdentity` reads past
/// it).
struct ServeRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's address; `nil` where there is no socket (the in-process tests).
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
