// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../../contract/users';
import { renderWithApp } from '../../../test-support/render';
import { formatMemberSince, ProfileNotFound, ProfileView } from './profile-view';

const profile: PublicProfile = {
  _id: 'u-2',
  id: 'u-2',
  username: 'rowan',
  name: null,
  profileType: 'corporate',
  bio: 'We plant hedgerows.',
  location: 'York',
  memberSince: '2026-03-31T23:30:00.000Z',
  file: '',
  counts: { drivesOrganised: 3, drivesJoined: 1, treesRegistered: 1200 },
};

afterEach(cleanup);

describe('ProfileView', () => {
  it('shows who the member is and what they have done', () => {
    renderWithApp(<ProfileView profile={profile} isOwn={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'rowan' })).toBeInTheDocument();
    expect(screen.getByText('@rowan')).toBeInTheDocument();
    expect(screen.getByText('Corporate/Institution')).toBeInTheDocument();
    expect(screen.getByText('We plant hedgerows.')).toBeInTheDocument();
    expect(screen.getByText('York')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2026')).toBeInTheDocument();
    expect(screen.getByText('Drives organised').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Trees registered').nextSibling).toHaveTextContent('1,200');
    expect(screen.getByRole('img', { name: "rowan's avatar" })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByText('Volunteer hours')).toBeNull();
  });

  it("shows the member's attended volunteer hours when the server counts them", () => {
    renderWithApp(
      <ProfileView
        profile={{ ...profile, counts: { ...profile.counts, volunteerHours: 7.5 } }}
        isOwn={false}
      />,
    );
    expect(screen.getByText('Volunteer hours').nextSibling).toHaveTextContent('7.5');
  });

  it('offers Edit profile on your own profile', () => {
    renderWithApp(<ProfileView profile={{ ...profile, name: 'Rowan & Co' }} isOwn />);
    expect(screen.getByRole('heading', { level: 1, name: 'Rowan & Co' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/app/settings-profile',
    );
  });

  it('says so when the member cannot be found', () => {
    renderWithApp(<ProfileNotFound dashboardPath="/app/dashboard" />);
    expect(
      screen.getByRole('heading', { name: 'We could not find that member.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
  });
});

describe('formatMemberSince', () => {
  it('gives the month in UTC, and nothing for a bad date', () => {
    expect(formatMemberSince('2026-01-01T00:10:00.000Z')).toBe('January 2026');
    expect(formatMemberSince('not a date')).toBe('');
  });
});
