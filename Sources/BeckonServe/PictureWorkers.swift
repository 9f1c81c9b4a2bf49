import BeckonCards
import NIOCore
import Synchronization

/// Where uploaded pictures are decoded and scaled: on SwiftNIO's pool of threads for blocking
/// work, never on an event loop (a picture takes a core for up to its time budget, and the loop
/// that read the request goes on answering others meanwhile). At most `capacity` pictures are
/// taken at once, running or waiting for a thread; one more is answered 503 with `Retry-After`
/// at once, so a burst of uploads queues no work it cannot finish and holds no memory for it.
final class PictureWorkers: Sendable {
    /// How many pictures may be decoding or waiting at once.
    let capacity: Int
    private let taken = Mutex(0)

    /// Twice as many pictures as there are cores by default: each core has one decoding and one
    /// waiting.
    init(capacity: Int = 2 * System.coreCount) {
        self.capacity = max(1, capacity)
    }

    /// The picture as a square PNG (`AvatarPicture.normalized`), or a problem: 503 when
    /// `capacity` pictures are already being made, 415 naming the limit a picture broke.
    func normalized(_ bytes: [UInt8]) async throws(APIProblem) -> [UInt8] {
        let admitted = taken.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admitted else {
            var problem = APIProblem.unavailable("The server is busy with other pictures; try again in a moment.")
            problem.retryAfter = 1
            throw problem
        }
        defer { taken.withLock { $0 -= 1 } }
        let result: Result<[UInt8], CardRenderError> = await ServeThreads.offLoop {
            do throws(CardRenderError) {
                return .success(try AvatarPicture.normalized(bytes))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let picture): return picture
        case .failure(let error):
            throw APIProblem(
                status: .unsupportedMediaType, title: "Not a usable picture",
                detail: "Send a PNG or JPEG image of at most 4096×4096 pixels: \(error.message).")
        }
    }
}
