// Preloaded into the built server by `npm run bench -- checkout --alloc-profile` (`node -r`): V8's
// sampling heap profiler through the process's own inspector session, counting every sampled
// allocation, also those the young and the old generation's collections have freed since (what a
// sale allocates, not what stays). The bench asks over the child's IPC channel:
// 'alloc:start' starts sampling (answers { started: true }), 'alloc:stop' stops it and answers
// { bytes, sites }: the sampled bytes in all and the heaviest allocation sites, each as its
// function, file and line with its bytes and the caller that reached it.
const inspector = require('node:inspector');

/** Sampling interval in bytes: one sample every 16 KiB on average (V8's default is 32 KiB). */
const INTERVAL = 16_384;
/** Allocation sites the answer lists. */
const TOP = 15;

const session = new inspector.Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
  );

/** "name file:line" of a profile node, the path inside node_modules or dist kept short. */
const frameOf = ({ callFrame: f }) => {
  const url = f.url.split('/node_modules/').pop().split('/dist/').pop();
  return `${f.functionName || '(anonymous)'} ${url || '(native)'}:${f.lineNumber + 1}`;
};

/** Bytes by site (a frame and its caller), heaviest first. */
function summarize(head) {
  const sites = new Map();
  let bytes = 0;
  const walk = (node, caller) => {
    bytes += node.selfSize;
    const frame = frameOf(node);
    if (node.selfSize > 0) {
      const key = `${frame}\u0000${caller}`;
      sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) walk(child, frame);
  };
  walk(head, '');
  const top = [...sites]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, b]) => {
      const [site, caller] = key.split('\u0000');
      return { site, caller, bytes: b };
    });
  return { bytes, sites: top };
}

process.on('message', (message) => {
  if (message === 'alloc:start') {
    post('HeapProfiler.startSampling', {
      samplingInterval: INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    }).then(
      () => process.send?.({ started: true }),
      (e) => process.send?.({ error: e.message }),
    );
  } else if (message === 'alloc:stop') {
    post('HeapProfiler.stopSampling').then(
      ({ profile }) => process.send?.(summarize(profile.head)),
      (e) => process.send?.({ error: e.message }),
    );
  }
});
