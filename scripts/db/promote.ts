// `npm run db:promote -- --url postgresql://…@replica:5432/radarfirme` (default DATABASE_READ_URL):
// makes the streaming replica the primary after the primary is lost (decision 103). Instances whose
// DATABASE_URL names both hosts with target_session_attrs=read-write find it by themselves; fence
// the old primary first (stopped, or kept off the network) so that two never take writes.
import { promoteStandby } from './replica';

const arg = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const url = arg('--url') ?? process.env.DATABASE_READ_URL;
  if (!url) throw new Error('lipsește --url <adresa replicii> (sau DATABASE_READ_URL)');
  const r = await promoteStandby(url);
  console.log(`[promote] ${new URL(url).host} este acum primar (linia de timp ${r.timeline}), în ${(r.ms / 1000).toFixed(1)} s`);
  console.log('[promote] vechiul primar nu mai are voie să pornească ca primar: refaceți-l ca replică a noului primar (o copie de bază nouă)');
}

main().catch((e) => {
  console.error(`[promote] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
