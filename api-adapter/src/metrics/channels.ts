import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * What the adapter's parts report for its metrics, through diagnostics channels: the answer cache and the order queue
 * publish here and know nothing of Prometheus; publishing with no subscriber (the unit tests) costs a boolean check.
 */
export const cacheLookup = diagnosticsChannel.channel('feiyi:adapter:cache-lookup');
export interface CacheLookupMessage {
  hit: boolean;
}

export const orderQueueChange = diagnosticsChannel.channel('feiyi:adapter:order-queue');
export interface OrderQueueMessage {
  /** Orders waiting for a batch now. */
  depth: number;
  /** Set when a batch leaves: how many orders it carries. */
  batchSize?: number;
}
