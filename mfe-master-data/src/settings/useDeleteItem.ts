import { errorMessage } from '@psb/api-client/http';
import type { ConfigListTable } from '@psb/contracts/content';
import { notify } from '@psb/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configQuery, deleteConfigItem, invalidatePublicPage } from './api/config';

/**
 * Deleting an item that is already stored goes to the server at once (after the confirmation); the list
 * answered becomes the stored value and so the editor's draft.
 */
export function useDeleteItem(table: ConfigListTable) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteConfigItem(table, id),
    onSuccess: (res) => {
      notify.success(res.message);
      queryClient.setQueryData(configQuery(table).queryKey, { success: true, name: table, data: res.data });
      void invalidatePublicPage(queryClient);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
}
