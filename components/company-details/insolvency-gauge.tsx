import * as React from 'react';
import { insolvencyGauge, insolvencyRisk } from '@/lib/company-rules';
import { formatNumber } from '@/lib/format';

// Semicircle from the left (0, safest) to the right (100, riskiest).
const R = 80;
const CX = 100;
const CY = 95;
function point(value: number, radius = R) {
  const angle = Math.PI * (1 - Math.min(Math.max(value, 0), 100) / 100);
  return { x: CX + radius * Math.cos(angle), y: CY - radius * Math.sin(angle) };
}
function arc(from: number, to: number) {
  const a = point(from);
  const b = point(to);
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${R} ${R} 0 0 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}

const LEVEL_COLORS = { low: 'text-success', medium: 'text-warning', high: 'text-destructive' } as const;

/** Insolvency risk gauge: the needle at insolvencyGauge(score), labelled low / medium / high. */
export function InsolvencyGauge({ score }: { score: number | null }) {
  const value = insolvencyGauge(score);
  const risk = insolvencyRisk(score);
  const needle = value == null ? null : point(value, R - 18);
  return (
    <section aria-labelledby="insolvency-title" className="flex flex-col items-center gap-2 rounded-lg border bg-background p-4 shadow-sm">
      <h2 id="insolvency-title" className="self-start text-base font-semibold">
        Risc de insolvență
      </h2>
      <p className="self-start text-xs text-muted-foreground">A doua opinie: scorul Altman Z&apos;&apos;, din bilanțul ultimului an</p>
      <svg viewBox="0 0 200 110" className="w-full max-w-[240px]" role="img" aria-label={risk ? `Risc de insolvență ${risk.label.toLowerCase()}` : 'Risc de insolvență necunoscut'}>
        <path d={arc(0, 33.3)} stroke="#16a34a" strokeWidth="16" fill="none" />
        <path d={arc(33.3, 66.6)} stroke="#d97706" strokeWidth="16" fill="none" />
        <path d={arc(66.6, 100)} stroke="#dc2626" strokeWidth="16" fill="none" />
        {needle ? (
          <>
            <line x1={CX} y1={CY} x2={needle.x.toFixed(2)} y2={needle.y.toFixed(2)} stroke="#0f172a" strokeWidth="4" strokeLinecap="round" />
            <circle cx={CX} cy={CY} r="7" fill="#0f172a" />
          </>
        ) : null}
      </svg>
      <p className="text-center text-sm" data-testid="insolvency-level">
        {risk ? (
          <>
            <span className={`text-lg font-bold ${LEVEL_COLORS[risk.level]}`}>{risk.label}</span>
            <span className="block text-xs text-muted-foreground">Scor Altman Z: {formatNumber(score, 2)}</span>
          </>
        ) : (
          <span className="text-muted-foreground">Date insuficiente</span>
        )}
      </p>
    </section>
  );
}
