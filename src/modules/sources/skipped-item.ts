// An item of a feed that is not imported, with the reason: an adapter leaves it out on purpose (a closed
// project), the import finds it invalid. Shared by sources/ and the import in causes/, kept on this lower floor.
export interface SkippedItem {
  externalId: string | null;
  reason: string;
}
