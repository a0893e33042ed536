// The part of @sabaki/sgf (plain CommonJS: Node gives it to ESM as the default export) that the tool
// and its tests use.
declare module "@sabaki/sgf" {
  export interface SgfNode {
    id: number | string;
    data: Record<string, string[]>;
    parentId: number | string | null;
    children: SgfNode[];
  }
  export interface SgfToken {
    type: "parenthesis" | "semicolon" | "prop_ident" | "c_value_type" | "invalid";
    value: string;
    row: number;
    col: number;
    pos: number;
  }
  const sgf: {
    parse(contents: string): SgfNode[];
    tokenize(contents: string): SgfToken[];
    stringify(nodes: SgfNode[] | SgfNode, options?: { linebreak?: string; indent?: string }): string;
  };
  export default sgf;
}
