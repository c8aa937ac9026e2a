/**
 * Whether the GM window's one "Share with phones…" dialog is open (ShareWithPhones.svelte shows
 * it): the players' screen panel's button opens it, and so does View › Share with phones… in the
 * desktop app's menu.
 */
class ShareDialogState {
  open = $state(false);
}

export const shareDialog = new ShareDialogState();
