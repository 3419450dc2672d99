import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeScreen } from '../../src/screens/home/home-screen.tsx';

describe('HomeScreen', () => {
  it('shows the page heading', () => {
    render(<HomeScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Train with us');
  });
});
