import Logging
import NIOCore
import PostgresNIO

/// Listens on its own connection for the changes every instance's writes announce (the triggers
/// of `StoreSchema`'s fifth migration notify `channel` after each change of an invite or a
/// sender's picture) and tells a `LinkLookupCache`, until its task is cancelled. When the
/// connection fails it tells the cache it stopped listening and connects again after `retryDelay`.
enum ChangeListener {
    /// The channel the triggers notify.
    static let channel = "beckon_changes"

    /// How long it waits before connecting again after the connection failed.
    static let retryDelay: Duration = .seconds(1)

    static func run(
        configuration: PostgresConnection.Configuration, eventLoop: any EventLoop, cache: LinkLookupCache,
        logger: Logger
    ) async {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: eventLoop, configuration: configuration, id: 1, logger: logger)
                do {
                    try await connection.listen(on: channel) { notifications in
                        cache.startedListening()
                        for try await notification in notifications {
                            cache.changed(notification.payload)
                        }
                    }
                } catch {
                    // Lost: fall through to stop, close and connect again.
                }
                cache.stoppedListening()
                try? await connection.close()
            } catch {
                cache.stoppedListening()
            }
            try? await Task.sleep(for: retryDelay)
        }
        cache.stoppedListening()
    }
}
