import run from '/work/main/scripts/bench/search.bench';
run({ url: process.env.BENCH_URL! }).then(() => process.exit(0)).catch((e) => { console.error(e); process.exit(1); });
