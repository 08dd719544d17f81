// Unit tests of the data layer run against fake-indexeddb, a full IndexedDB in memory.
import 'fake-indexeddb/auto';
