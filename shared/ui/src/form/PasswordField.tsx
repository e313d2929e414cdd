import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * PasswordInput with an Indonesian name on the show/hide button. Mantine's default name contains the word
 * "password", which also made the button match a search for the field labelled "Password".
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': 'Tampilkan atau sembunyikan sandi' }}
      {...props}
    />
  );
}
