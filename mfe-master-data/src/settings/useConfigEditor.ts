import { errorMessage } from '@psb/api-client/http';
import { CONFIG_ENTRIES, type ConfigName, type ConfigValue } from '@psb/contracts/content';
import { useModuleActions } from '@psb/resource-ui';
import { notify } from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQuery, invalidatePublicPage, putConfig } from './api/config';

/**
 * One named config being edited: the stored value, a draft the form changes, and saving it (the answer is
 * the value as stored, i.e. after the server removed any HTML, and replaces the draft).
 */
export function useConfigEditor<N extends ConfigName>(name: N) {
  const actions = useModuleActions(CONFIG_ENTRIES[name].module);
  const queryClient = useQueryClient();
  const query = useQuery({ ...configQuery(name), enabled: actions.read });
  const [draft, setDraft] = useState<ConfigValue<N> | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data.data as ConfigValue<N>);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (value: ConfigValue<N>) => putConfig(name, value),
    onSuccess: (res) => {
      notify.success(res.message);
      queryClient.setQueryData(configQuery(name).queryKey, { success: true, name, data: res.data });
      void invalidatePublicPage(queryClient);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(query.data?.data);
  return { actions, query, draft, setDraft, save, dirty };
}

export type ConfigEditor<N extends ConfigName> = ReturnType<typeof useConfigEditor<N>>;
