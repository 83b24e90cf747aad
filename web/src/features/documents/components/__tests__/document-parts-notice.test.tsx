import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDocumentDetails, renderDocumentDetails } from './documents-test-kit';

const PART_1 = { number: 1, documentUrl: 'https://docs.google.com/document/d/first/edit', startedAt: '2026-03-02T10:00:00.000Z' };
const PART_2 = { number: 2, documentUrl: 'https://docs.google.com/document/d/second/edit', startedAt: '2026-11-21T10:00:00.000Z' };
const PART_3 = { number: 3, documentUrl: 'https://docs.google.com/document/d/third/edit', startedAt: '2026-12-01T10:00:00.000Z' };

describe('document details: a document continued in new parts', () => {
  it('says which part summaries go to since when, and links the earlier parts', async () => {
    await renderDocumentDetails(aDocumentDetails({ parts: [PART_1, PART_2] }));
    const notice = await screen.findByRole('region', { name: 'This document continues in a new linked document' });
    expect(notice).toHaveTextContent('Part 2 of this document since November 21, 2026; earlier parts: Part 1.');
    expect(within(notice).getByRole('link', { name: 'Part 2' })).toHaveAttribute('href', PART_2.documentUrl);
    const earlier = within(notice).getByRole('link', { name: 'Part 1' });
    expect(earlier).toHaveAttribute('href', PART_1.documentUrl);
    expect(earlier).toHaveAttribute('target', '_blank');
  });

  it('lists every earlier part in order', async () => {
    await renderDocumentDetails(aDocumentDetails({ parts: [PART_1, PART_2, PART_3] }));
    const notice = await screen.findByRole('region', { name: 'This document continues in a new linked document' });
    expect(notice).toHaveTextContent('Part 3 of this document since December 1, 2026; earlier parts: Part 1, Part 2.');
  });

  it('shows nothing for a document that never continued', async () => {
    await renderDocumentDetails(aDocumentDetails({ parts: [] }));
    expect(screen.queryByRole('region', { name: 'This document continues in a new linked document' })).not.toBeInTheDocument();
  });
});
