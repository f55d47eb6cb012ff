import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnalysisText, parseAnalysis } from './analysis-text';

describe('AnalysisText', () => {
  it('parses headings, bullet and numbered lists and plain lines', () => {
    expect(parseAnalysis('**Resumo**\n- a\n- b\n\n1. um\n2. dois\ntexto')).toEqual([
      { kind: 'heading', text: 'Resumo' },
      { kind: 'ul', items: ['a', 'b'] },
      { kind: 'ol', items: ['um', 'dois'] },
      { kind: 'p', text: 'texto' },
    ]);
  });

  it('renders bold as <strong> and any HTML as text', () => {
    const { container } = render(
      <AnalysisText text={'## Título\n- **ROAS** de 2,50x <img src=x onerror=alert(1)>'} />,
    );
    expect(screen.getByRole('heading', { name: 'Título' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('ROAS');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
  });
});
