// Shapes of the CAEN catalogue shared by server/caen and the client components (types only).
export type CaenLevel = 'section' | 'division' | 'group' | 'class';

export type Rev3Ref = { Code: string; Name: string };

export type CaenNode = {
  Code: string;
  Name: string;
  Level: CaenLevel;
  Children: CaenNode[];
  /** Classes only: the Rev.3 class(es) this Rev.2 class corresponds to. */
  Rev3?: Rev3Ref[];
};

export type CaenClassInfo = {
  Code: string;
  Name: string;
  Section: { Code: string; Name: string };
  Division: { Code: string; Name: string };
  Group: { Code: string; Name: string };
  Rev3: Rev3Ref[];
};
