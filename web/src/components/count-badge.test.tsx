import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { badgeText, CountBadge } from './count-badge';

it('shows nothing at zero, the number up to 9, and 9+ above', () => {
  expect(badgeText(0)).toBeNull();
  expect(badgeText(1)).toBe('1');
  expect(badgeText(9)).toBe('9');
  expect(badgeText(10)).toBe('9+');
  expect(badgeText(250)).toBe('9+');
});

it('renders the count with a label for screen readers', () => {
  render(<CountBadge count={12} label="Unread alerts" />);
  expect(screen.getByTestId('badge-Unread alerts')).toHaveTextContent('Unread alerts: 9+');
});
