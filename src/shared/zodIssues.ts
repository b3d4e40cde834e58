/** What a failed parse says, in one format everywhere: `a.b: message; c: message`. */

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface IssueFormat {
  /** Where an issue without a path is (default "(root)"). */
  root?: string;
  /** Put before every path, e.g. "state." for a field of a snapshot's state. */
  prefix?: string;
  /** At most this many issues (a large body can have hundreds). */
  limit?: number;
}

/** The bad fields of a zod error, each with its message. */
export function describeIssues(
  error: { readonly issues: readonly Issue[] },
  { root = '(root)', prefix = '', limit = Number.POSITIVE_INFINITY }: IssueFormat = {},
): string {
  return error.issues
    .slice(0, limit)
    .map((issue) => {
      const where = issue.path.length ? prefix + issue.path.map(String).join('.') : root;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}
