-- wrk's report for the benchmarks that run it (bench/loadgen.ts): one line, `WRK {json}`, with
-- the count of requests, errors, and the median, p99 and largest latency in microseconds.
function done(summary, latency, requests)
  io.write(string.format('WRK {"requests":%d,"durationUs":%d,"recorded":%d,"other":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"status":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, summary.requests - summary.errors.status, summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
