// A run's job summary rendered as GitHub renders it (GitHub-flavoured Markdown by `marked`, ```mermaid blocks by
// `mermaid`) in Debian's chromium, headless, driven by `playwright-core` (no browser download: .ci/run installs the
// system's `chromium`). The budget chart must have drawn (an SVG with its bars and labels) above the API-usage table;
// the page's screenshot is kept in test/artifacts/ (not committed) for a person to look at.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../../../emulator/sample-scenario';
import { ROOT, runBundle } from '../../../harness/run-bundle';

/** Debian's package (`apt-get install -y chromium`); CHROMIUM_PATH names another. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MERMAID = join(ROOT, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
const ARTIFACTS = join(ROOT, 'test', 'artifacts');

let emu: Emulator;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no browser at ${CHROMIUM}: apt-get install -y chromium (as .ci/run does), or set CHROMIUM_PATH`);
  emu = await createEmulator(sampleScenario(), { timeScale: 0.01 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await emu?.close();
});

interface Drawn {
  svg: boolean;
  bars: number;
  text: string[];
}

// Run in the page (as text: the tests compile without the DOM's types). Each ```mermaid block that marked left as
// <pre><code class="language-mermaid"> becomes the <div class="mermaid"> that mermaid draws, as GitHub does.
const DRAW = `(async () => {
  const nodes = [...document.querySelectorAll('pre > code.language-mermaid')].map((code) => {
    const div = document.createElement('div');
    div.className = 'mermaid';
    div.textContent = code.textContent;
    code.parentElement.replaceWith(div);
    return div;
  });
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  await mermaid.run({ nodes });
  return nodes.map((div) => ({
    svg: div.querySelector('svg') !== null,
    bars: div.querySelectorAll('svg g.bar-plot-0 rect').length,
    text: [...div.querySelectorAll('svg text')].map((t) => t.textContent ?? ''),
  }));
})()`;
/** The page's top-level elements in order (tag, and class when there is one). */
const ORDER = `[...document.querySelectorAll('main > *')].map((e) => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))`;

/** GitHub's job-summary page, approximately: the summary's Markdown as GFM, its Mermaid blocks drawn. */
async function render(markdown: string, screenshot: string) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  try {
    await page.setContent(
      `<!doctype html><html><body><main>${await marked.parse(markdown, { gfm: true })}</main></body></html>`,
    );
    await page.addScriptTag({ path: MERMAID });
    const drawn = (await page.evaluate(DRAW)) as Drawn[];
    const order = (await page.evaluate(ORDER)) as string[];
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, screenshot), fullPage: true });
    return { drawn, order };
  } finally {
    await page.close();
  }
}

describe('the budget chart of a job summary, rendered in chromium', () => {
  it('draws REST and GraphQL spent, left and reserve above the API-usage table', async () => {
    const r = await runBundle('label-sync', {
      emulator: emu,
      token: SAMPLE_TOKEN,
      repository: SAMPLE_REPO,
      workspace: { '.github/labels.yml': '- name: chart\n  color: 123abc\n- name: bug\n  color: d73a4a\n' },
      inputs: { 'dry-run': false },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.summary).toMatch(/^## label-sync: [^\n]+\n\n```mermaid\n/);
    const { drawn, order } = await render(r.summary, 'label-sync-summary.png');
    expect(drawn).toHaveLength(1);
    const [chart] = drawn;
    expect(chart!.svg).toBe(true);
    expect(chart!.bars).toBe(6);
    for (const label of ['REST spent', 'REST left', 'REST reserve', 'GraphQL spent', 'GraphQL left', 'GraphQL reserve'])
      expect(chart!.text).toContain(label);
    expect(chart!.text).toContain('Hourly budget: spent by this run, left, reserve');
    // The chart opens the summary, right under its heading; the text table stays below.
    expect(order.slice(0, 2)).toEqual(['h2', 'div.mermaid']);
    expect(order).toContain('table');
    expect(existsSync(join(ARTIFACTS, 'label-sync-summary.png'))).toBe(true);
  });
});
