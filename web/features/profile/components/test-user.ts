import type { CurrentUser } from '../../../../contract/auth';

/** Test-only: the signed-in member the profile tests use. */
export const testUser: CurrentUser = {
  id: 'u-1',
  _id: 'u-1',
  username: 'fern',
  name: 'Fern Gully',
  email: 'fern@example.test',
  profileType: 'individual',
  file: '',
  verified: true,
};
