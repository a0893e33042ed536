// The part of @sabaki/sgf (plain JavaScript) that the tool and its tests use.
declare module "@sabaki/sgf" {
  export interface SgfNode {
    id: number | string;
    data: Record<string, string[]>;
    parentId: number | string | null;
    children: SgfNode[];
  }
  export function parse(contents: string): SgfNode[];
  export function stringify(nodes: SgfNode[] | SgfNode, options?: { linebreak?: string; indent?: string }): string;
}
