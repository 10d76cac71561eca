// The moves the analysis board shows as a tree: the game's own moves (the main line) and the
// variations played on the board from any position, each a branch that never changes the game.
// A node is the position after its move; the root is the start.

export interface TreeNode {
  move: string; // "" for the root
  parent: TreeNode | null;
  children: TreeNode[]; // the main line's continuation first, then the variations in play order
  ply: number; // moves from the start
  main: boolean; // on the main line
}

export class VariationTree {
  readonly root: TreeNode = { move: '', parent: null, children: [], ply: 0, main: true };

  constructor(mainMoves: string[]) {
    this.extendMain(mainMoves);
  }

  // The main line's last node.
  get mainEnd(): TreeNode {
    let n = this.root;
    while (n.children[0]?.main) n = n.children[0];
    return n;
  }

  // Adds `moves` to the end of the main line (a game being played went on).
  extendMain(moves: string[]): void {
    let n = this.mainEnd;
    for (const move of moves) {
      const node: TreeNode = { move, parent: n, children: [], ply: n.ply + 1, main: true };
      n.children.unshift(node);
      n = node;
    }
  }

  // The main line's node after `ply` moves (its last when the line is shorter).
  mainAt(ply: number): TreeNode {
    let n = this.root;
    while (n.ply < ply && n.children[0]?.main) n = n.children[0];
    return n;
  }

  // The moves from the start to `node`.
  movesTo(node: TreeNode): string[] {
    const out: string[] = [];
    for (let n: TreeNode | null = node; n && n.parent; n = n.parent) out.push(n.move);
    return out.reverse();
  }

  // The position after `move` from `node`: the child that played it, else a new variation.
  play(node: TreeNode, move: string): TreeNode {
    const known = node.children.find((c) => c.move === move);
    if (known) return known;
    const child: TreeNode = { move, parent: node, children: [], ply: node.ply + 1, main: false };
    node.children.push(child);
    return child;
  }

  // Where `node`'s variation left the main line (the node itself when it is on it).
  branchPoint(node: TreeNode): TreeNode {
    let n = node;
    while (!n.main && n.parent) n = n.parent;
    return n;
  }

  // Drops `node` and what follows it (a variation); the main line stays.
  remove(node: TreeNode): void {
    if (node.main || !node.parent) return;
    node.parent.children = node.parent.children.filter((c) => c !== node);
  }
}
