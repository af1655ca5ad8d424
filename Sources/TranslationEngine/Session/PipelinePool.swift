/// The warm pipelines of this process, one per mode file, started on first use.
actor PipelinePool {
    static let shared = PipelinePool()

    private var pipelines: [InstalledPairs.Location: ApertiumPipeline] = [:]

    func pipeline(for location: InstalledPairs.Location) throws -> ApertiumPipeline {
        if let pipeline = pipelines[location] { return pipeline }
        let pipeline = try ApertiumPipeline(modeFile: location.modeFile, dataRoot: location.dataRoot)
        pipelines[location] = pipeline
        return pipeline
    }

    /// Stops every pipeline (their processes are killed and reaped).
    func shutdownAll() {
        pipelines.values.forEach { $0.shutdown() }
        pipelines.removeAll()
    }
}
