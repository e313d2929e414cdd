/**
 * The apps' only way to Mantine's runtime (a lint rule forbids value imports of @mantine/core, hooks,
 * notifications and modals elsewhere). Two reasons:
 * - One copy: @psb/ui is a federation singleton, so every remote renders with the shell's Mantine and
 *   therefore its MantineProvider (theme), ModalsProvider and notifications store.
 * - Size: a shared package is loaded whole, but Mantine inside @psb/ui's shared chunk is tree-shaken to
 *   what is listed here (Mantine marks only its CSS as side effects).
 * Add a name here when an app needs one more component; type-only imports may come from Mantine directly.
 * @mantine/form stays a separate shared package: it does not depend on core, and only pages with a form
 * load it.
 */
export {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  AppShell,
  Badge,
  Burger,
  Button,
  Card,
  Center,
  Checkbox,
  Chip,
  Code,
  ColorInput,
  Container,
  CopyButton,
  Drawer,
  FileButton,
  Grid,
  Group,
  Image,
  Indicator,
  Input,
  Kbd,
  List,
  Loader,
  MantineProvider,
  Menu,
  Modal,
  NavLink,
  NumberInput,
  Overlay,
  Paper,
  PasswordInput,
  Popover,
  Portal,
  Progress,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
export { useDisclosure, useInViewport } from '@mantine/hooks';
export { ModalsProvider, modals } from '@mantine/modals';
