// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      body?: string;
      headers?: Record<string, string>;
      connections?: number;
      duration?: number;
      /** Requests in flight per connection (HTTP pipelining). */
      pipelining?: number;
      /** Stop after this many requests (instead of `duration`). */
      amount?: number;
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      '2xx': number;
      '4xx': number;
      '5xx': number;
    }
  }
  function autocannon(
    options: autocannon.Options,
    done: (err: Error | null, result: autocannon.Result) => void,
  ): void;
  export default autocannon;
}
