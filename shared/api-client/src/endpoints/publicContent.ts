import type { FirstPage } from '@psb/contracts';
import { api } from '../http/client';

export interface ThemeResponse {
  success: true;
  theme: string;
}

export const getTheme = () => api.get('public/theme').json<ThemeResponse>();
export const getFirstPage = () => api.get('public/first_page').json<FirstPage>();
