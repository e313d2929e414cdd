import { roleModuleSchema } from './role-modules';
import { z } from './zod';

export { DEFAULT_THEME } from './constants';

export const themeResponseSchema = z.object({ success: z.literal(true), theme: z.string() });

export const schoolYearSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  is_active: z.boolean(),
});
export type SchoolYear = z.infer<typeof schoolYearSchema>;

export const contactSchema = z.object({
  address: z.string().optional(),
  phone: z.string().optional(),
  whatsapp: z.string().optional(),
  email: z.string().optional(),
  office_hours: z.string().optional(),
  map_url: z.string().optional(),
});
export const guideItemSchema = z.object({
  key: z.string(),
  title: z.string().optional(),
  value: z.string().optional(),
});
export const faqItemSchema = z.object({ topic: z.string(), question: z.string(), answer: z.string() });

export const firstPageResponseSchema = z.object({
  success: z.literal(true),
  result: z.object({
    contact: contactSchema,
    guide: z.array(guideItemSchema),
    faq: z.array(faqItemSchema),
    welcome_description: z.string(),
    welcome_image: z.string(),
    /** Texts below are Markdown without HTML (the server strips HTML when staff save them). */
    announcement: z.string(),
    banner_home: z.object({ active: z.boolean(), text: z.string(), link: z.string().optional() }),
    /** A message to parents on their dashboard. */
    message: z.string(),
    /** What parents read about the tests and about graduation. */
    test_overview: z.string(),
    graduation_overview: z.string(),
  }),
  school_year: schoolYearSchema.nullable(),
  /** Module flags of the parent role, so the public and parent navbars can hide entries. */
  role_modules: z.array(roleModuleSchema),
});
export type FirstPage = z.infer<typeof firstPageResponseSchema>;

export const activeYearResponseSchema = z.object({
  success: z.literal(true),
  school_year: schoolYearSchema.nullable(),
});

export const publicSchoolPeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  school_id: z.number().int(),
  school_name: z.string(),
  school_year_id: z.number().int(),
  school_year_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  quota: z.number().int(),
  is_open: z.boolean(),
});
export const publicSchoolPeriodsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(publicSchoolPeriodSchema),
});

/** GET /public/school: schools with a registration period open today (limited to a voucher's, given one). */
export const publicSchoolsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** GET /public/mst_class: classes of a school; with a period, the places left in each. */
export const periodClassesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      quota: z.number().int().optional(),
      remaining: z.number().int().optional(),
    }),
  ),
});
export type PeriodClass = z.infer<typeof periodClassesResponseSchema>['data'][number];
export type PublicSchoolPeriod = z.infer<typeof publicSchoolPeriodSchema>;

/** GET /public/status: what a parent needs to know on admission day, in one answer. */
export const publicStatusResponseSchema = z.object({
  success: z.literal(true),
  /** A registration period of this foundation is open today. */
  registration_open: z.boolean(),
  /** Next published opening (ISO), when one is ahead. */
  next_opening: z.string().nullable(),
  /** Parents waiting in line at the password steps right now, and how long the last of them may wait. */
  waiting: z.number().int().nonnegative(),
  estimated_seconds: z.number().int().nonnegative(),
  /** The school's own word (Konfigurasi → Pesan Halaman Status); empty when none. */
  message: z.string(),
});
export type PublicStatus = z.infer<typeof publicStatusResponseSchema>;
