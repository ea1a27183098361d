'use client';

import * as React from 'react';
import ForceGraph2D from 'react-force-graph-2d';
import { collaborationNodeColor } from '@/lib/company-rules';
import { companyPath } from '@/lib/slug';
import type { CollaborationNode } from '../../lib/company/types';

const COLORS = { orange: '#ea580c', purple: '#7c3aed', blue: '#2563eb', root: '#3641b8' } as const;

type GNode = { id: number; name: string; level: number; color: string };
type GLink = { source: number; target: number; value: number };

/** Network of the top collaborations: level 1 orange, level 2 purple, others blue. */
export function buildGraph(root: { Cui: number; Name: string }, nodes: CollaborationNode[]): { nodes: GNode[]; links: GLink[] } {
  const byId = new Map<number, GNode>([[root.Cui, { id: root.Cui, name: root.Name, level: 0, color: COLORS.root }]]);
  for (const n of nodes) {
    if (!byId.has(n.CompanyTargetCui)) {
      byId.set(n.CompanyTargetCui, { id: n.CompanyTargetCui, name: n.CompanyTargetName, level: n.Level, color: COLORS[collaborationNodeColor(n.Level)] });
    }
  }
  const links = nodes.filter((n) => byId.has(n.CompanySourceCui)).map((n) => ({ source: n.CompanySourceCui, target: n.CompanyTargetCui, value: n.NumberOfCollaborations }));
  return { nodes: [...byId.values()], links };
}

export function CollaborationGraph({ root, nodes }: { root: { Cui: number; Name: string }; nodes: CollaborationNode[] }) {
  const box = React.useRef<HTMLDivElement>(null);
  const graph = React.useRef<{ zoomToFit: (ms?: number, padding?: number) => void } | undefined>(undefined);
  const [width, setWidth] = React.useState(0);
  React.useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  const data = React.useMemo(() => buildGraph(root, nodes), [root, nodes]);
  return (
    <div
      ref={box}
      className="h-[420px] w-full overflow-hidden rounded-lg border bg-subtle"
      role="img"
      aria-label={`Graf al colaborărilor companiei ${root.Name}: ${data.nodes.length - 1} parteneri; lista este disponibilă mai jos.`}
      data-testid="collaboration-graph"
    >
      {width > 0 ? (
        <ForceGraph2D
          graphData={data}
          width={width}
          height={420}
          nodeId="id"
          nodeLabel={(n) => (n as GNode).name}
          nodeColor={(n) => (n as GNode).color}
          nodeVal={(n) => ((n as GNode).level === 0 ? 8 : (n as GNode).level === 1 ? 4 : 2)}
          linkColor={() => 'rgba(71,85,105,0.35)'}
          linkWidth={(l) => Math.min(4, 0.5 + Math.log2(1 + (l as GLink).value))}
          cooldownTicks={120}
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          ref={graph as any}
          onEngineStop={() => graph.current?.zoomToFit(300, 24)}
          onNodeClick={(n) => {
            const node = n as GNode;
            if (node.level > 0) window.open(companyPath(node.id, node.name), '_blank', 'noopener');
          }}
        />
      ) : null}
    </div>
  );
}
