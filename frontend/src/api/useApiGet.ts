import { useEffect, useState } from 'react';
import { toast } from '../state/toasts.ts';
import { type ApiError, api } from './client.ts';

interface Loaded<T> {
  path: string;
  data: T | null;
  error: ApiError | null;
}

/**
 * GETs `path` (again whenever it changes). `loading` is true until the answer for the
 * current path arrives; a failure shows an error toast titled `errorTitle`.
 */
export function useApiGet<T>(path: string, errorTitle: string) {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);

  useEffect(() => {
    let current = true;
    api.get<T>(path).then(
      (data) => current && setLoaded({ path, data, error: null }),
      (error: ApiError) => {
        if (!current) return;
        setLoaded({ path, data: null, error });
        toast({ title: errorTitle, description: error.message, tone: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [path, errorTitle]);

  const fresh = loaded?.path === path ? loaded : null;
  return { data: fresh?.data ?? null, error: fresh?.error ?? null, loading: !fresh };
}
