import { AccountTypes, Donations, Introduction, TreeDrives, Trees } from './member-sections';
import { ImpactEstimates, ImpactMethod } from './impact-method';
import { Api, SelfHosting } from './operator-sections';

/** All documentation sections, in table-of-contents order. */
export function DocSections() {
  return (
    <>
      <Introduction />
      <AccountTypes />
      <TreeDrives />
      <Donations />
      <Trees />
      <ImpactEstimates />
      <ImpactMethod />
      <SelfHosting />
      <Api />
    </>
  );
}
