'use strict';
// The instant sets of issue 27's benchmarks, as bench/bench.c writes the mix: now =
// 2024-03-25T06:30Z; xorshift64 from the seed 88172645463325252 (x ^= x << 13; x ^= x >> 7;
// x ^= x << 17), started afresh for each set.
//   mix:  r = next(); back = r % 10 < 7 ? next() % 7 days : next() % (5 * 365 days)
//   400d: back = next() % 400 days
// ts = now - back (ms). Used by bench_node.js and bench_peers_node.js.
const NOW = 1711348200000;
const DAY = 86400000n;
const MASK = (1n << 64n) - 1n;

function instantSet(kind, n) {
  let x = 88172645463325252n;
  const next = () => {
    x ^= (x << 13n) & MASK;
    x ^= x >> 7n;
    x ^= (x << 17n) & MASK;
    return x;
  };
  const ts = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let back;
    if (kind === 'mix') back = next() % 10n < 7n ? next() % (7n * DAY) : next() % (5n * 365n * DAY);
    else if (kind === '400d') back = next() % (400n * DAY);
    else throw new Error(`unknown instant set ${kind}: mix or 400d`);
    ts[i] = NOW - Number(back);
  }
  return ts;
}

// The median of the per-round ratios a[i] / b[i], and the medians of a and b.
function median(values) {
  const s = [...values].sort((p, q) => p - q);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

module.exports = { NOW, instantSet, median };
