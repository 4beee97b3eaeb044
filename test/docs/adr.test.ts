// The decision records keep one form (docs/adr/template.md) and one index (docs/adr/README.md), so that a reader
// finds a decision, its status and its day without opening every file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const adrDir = join(import.meta.dirname, '..', '..', 'docs', 'adr');
const records = readdirSync(adrDir).filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name)).sort();
const index = readFileSync(join(adrDir, 'README.md'), 'utf8');

function headerOf(name: string): { number: string; title: string; status: string; date: string; sections: string[] } {
  const lines = readFileSync(join(adrDir, name), 'utf8').split('\n');
  const title = /^# ADR (\d{4}): (.+)$/.exec(lines[0] ?? '');
  const status = lines.find((line) => line.startsWith('- Status: '))?.slice('- Status: '.length) ?? '';
  const date = lines.find((line) => line.startsWith('- Date: '))?.slice('- Date: '.length) ?? '';
  return { number: title?.[1] ?? '', title: title?.[2] ?? '', status, date, sections: lines.filter((line) => line.startsWith('## ')) };
}

describe('decision records', () => {
  it('are numbered one after another from 0001', () => {
    // Act + Assess
    expect(records.map((name) => name.slice(0, 4))).toEqual(records.map((_, i) => String(i + 1).padStart(4, '0')));
  });

  it.each(records)('%s has the template\'s title, status, date and sections', (name) => {
    // Act
    const header = headerOf(name);

    // Assess
    expect(header.number).toBe(name.slice(0, 4));
    expect(header.title).not.toBe('');
    expect(header.status).toMatch(/^(proposed|accepted|superseded|deprecated)\b/);
    expect(header.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(header.sections[0]).toBe('## Context');
    expect(header.sections.some((section) => /^## (Decisions?|Choice|Options and choices)\b/.test(section))).toBe(true);
  });

  it.each(records)('%s is in the index with its title, status and date', (name) => {
    // Prepare
    const { number, title, status, date } = headerOf(name);

    // Act + Assess
    expect(index).toContain(`| [${number}](${name}) | ${title} | ${status.split(' ')[0]} | ${date} |`);
  });

  it('the index lists no record that is not there', () => {
    // Act
    const listed = [...index.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]);

    // Assess
    expect(listed).toEqual(records);
  });
});
