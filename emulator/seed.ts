// Builds the emulator state from a scenario object.
import { createHash } from 'node:crypto';
import { Clock, Repo, State, type Issue } from './state';
import type { Scenario } from './types';

export function seedState(scenario: Scenario, clock: Clock): State {
  const state = new State(clock);
  for (const [token, seed] of Object.entries(scenario.tokens ?? {})) {
    const login =
      seed.login ??
      (seed.kind === 'workflow'
        ? 'github-actions[bot]'
        : seed.kind === 'installation'
          ? 'repo-actions[bot]'
          : 'octocat');
    state.tokens.set(token, { ...seed, login });
  }
  for (const seed of scenario.repositories) {
    const now = clock.iso();
    const repo = new Repo(state.id(), seed.owner, seed.name, seed.defaultBranch ?? 'main', !!seed.private, now);
    state.repos.push(repo);
    repo.description = seed.description ?? null;
    repo.language = seed.language ?? null;
    repo.stars = seed.stars ?? 0;
    repo.topics = seed.topics ?? [];
    repo.immutableReleases = seed.immutableReleases ?? scenario.immutableReleases ?? false;
    repo.milestones = seed.milestones ?? [];
    repo.actionsCanCreatePullRequests = seed.actionsCanCreatePullRequests ?? true;
    if (seed.discussionCategories) repo.discussionCategories = [...seed.discussionCategories];
    for (const old of seed.renamedFrom ?? []) state.renamed.set(old.toLowerCase(), repo);
    for (const [login, role] of Object.entries(seed.collaborators ?? {}))
      repo.collaborators.set(login.toLowerCase(), role);
    for (const [login, visibility] of Object.entries(seed.members ?? {}))
      repo.members.set(login.toLowerCase(), visibility);
    for (const login of seed.mannequins ?? []) repo.mannequins.add(login.toLowerCase());

    const branches = { [repo.defaultBranch]: {}, ...(seed.branches ?? {}) };
    // The default branch first, so other branches start from it.
    state.commitFiles(repo.fullName, repo.defaultBranch, branches[repo.defaultBranch], 'Initial commit', seed.owner);
    for (const [branch, files] of Object.entries(branches)) {
      if (branch !== repo.defaultBranch)
        state.commitFiles(repo.fullName, branch, files, `Work on ${branch}`, seed.owner);
    }

    for (const l of seed.labels ?? []) {
      repo.labels.push({
        id: state.id(),
        name: l.name,
        color: (l.color ?? 'ededed').replace(/^#/, ''),
        description: l.description ?? null,
        default: false,
      });
    }

    for (const s of seed.issues ?? []) {
      const number = s.number ?? repo.nextNumber;
      repo.nextNumber = Math.max(repo.nextNumber, number + 1);
      const created = s.createdAt ?? now;
      const labels = (s.labels ?? []).map((name) => {
        let l = repo.label(name);
        if (!l) repo.labels.push((l = { id: state.id(), name, color: 'ededed', description: null, default: false }));
        return l;
      });
      const issue: Issue = {
        id: state.id(),
        number,
        title: s.title,
        body: s.body ?? null,
        user: s.user ?? 'octocat',
        state: s.state ?? 'open',
        stateReason: s.stateReason ?? (s.state === 'closed' ? 'completed' : null),
        labels,
        assignees: s.assignees ?? [],
        createdAt: created,
        updatedAt: s.updatedAt ?? created,
        closedAt: s.state === 'closed' ? (s.closedAt ?? created) : null,
        locked: !!s.locked,
        reactions: [],
        ...(s.milestone ? { milestone: milestoneNumber(repo, s.milestone) } : {}),
        ...(s.type ? { type: s.type } : {}),
        ...(s.labelEvents
          ? { events: s.labelEvents.map((e) => ({ id: state.id(), event: 'labeled' as const, ...e })) }
          : {}),
      };
      if (s.pull) {
        const base = s.pull.base ?? repo.defaultBranch;
        issue.pull = {
          head: s.pull.head,
          base,
          draft: !!s.pull.draft,
          merged: !!s.pull.merged,
          mergedAt: s.pull.merged ? (s.pull.mergedAt ?? issue.closedAt ?? created) : null,
          files: s.pull.files,
          ...(s.pull.reviewedBy ? { reviewedBy: [...s.pull.reviewedBy] } : {}),
        };
        if (!repo.branch(s.pull.head)) {
          if (!s.pull.files)
            throw new Error(`emulator seed: pull #${number} head branch ${s.pull.head} missing and no files given`);
          issue.pull.headSha = createHash('sha1').update(`${repo.fullName}#${number}`).digest('hex');
        }
      }
      repo.issues.set(number, issue);
      for (const c of s.comments ?? []) {
        const id = state.id();
        const at = c.createdAt ?? created;
        repo.comments.set(id, {
          id,
          issueNumber: number,
          body: c.body,
          user: c.user ?? 'octocat',
          ...(c.viaApp !== undefined ? { viaApp: c.viaApp } : {}),
          createdAt: at,
          updatedAt: at,
          reactions: [],
        });
      }
    }

    for (const r of seed.releases ?? []) {
      const created = r.createdAt ?? now;
      const target = r.target ?? repo.defaultBranch;
      const release = {
        id: state.id(),
        tag: r.tag,
        name: r.name ?? r.tag,
        body: r.body ?? null,
        draft: !!r.draft,
        prerelease: !!r.prerelease,
        target,
        author: seed.owner,
        createdAt: created,
        publishedAt: r.draft ? null : created,
        immutable: !r.draft && repo.immutableReleases,
        assets: (r.assets ?? []).map((a) => {
          const data = Buffer.from(a.content);
          return {
            id: state.id(),
            name: a.name,
            label: a.label ?? null,
            contentType: a.contentType ?? 'application/octet-stream',
            size: data.length,
            digest: `sha256:${createHash('sha256').update(data).digest('hex')}`,
            state: a.state ?? ('uploaded' as const),
            data,
            uploader: seed.owner,
            createdAt: created,
            updatedAt: created,
            downloadCount: 0,
          };
        }),
      };
      repo.releases.push(release);
      if (!r.draft) {
        const sha = repo.resolveRef(target);
        if (sha && !repo.refs.has(`refs/tags/${r.tag}`)) repo.refs.set(`refs/tags/${r.tag}`, sha);
        if (!r.prerelease) repo.latestReleaseId = release.id;
      }
    }
  }
  return state;
}

/** The number of the repository's milestone titled `title` (made when the scenario names one it does not list). */
function milestoneNumber(repo: Repo, title: string): number {
  const known = repo.milestones.find((m) => m.title === title);
  if (known) return known.number;
  const number = Math.max(0, ...repo.milestones.map((m) => m.number)) + 1;
  repo.milestones.push({ number, title });
  return number;
}
