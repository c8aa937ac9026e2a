/** Tests only: an open campaign's folder the way CampaignSession holds it (reactive). */
export class OpenFolder {
  folder = $state<string | null>(null);
}
