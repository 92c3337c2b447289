import { describe, expect, it } from 'vitest';
import { errorsOf } from '../testing.ts';
import {
  addRoleSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  roleChangeSchema,
  signInSchema,
  signUpFormSchema,
  signUpSchema,
} from './schemas.ts';

const signUp = { fullName: ' Asha Rao ', email: ' Asha.Rao@Example.com ', password: 'secret1' };

describe('signUpSchema', () => {
  it('trims, keeps the case of the email and defaults to buyer', () => {
    expect(signUpSchema.parse(signUp)).toEqual({
      fullName: 'Asha Rao',
      email: 'Asha.Rao@Example.com',
      password: 'secret1',
      role: 'buyer',
    });
    expect(signUpSchema.parse({ ...signUp, role: 'seller' }).role).toBe('seller');
  });

  it.each([
    [{ fullName: ' ' }, 'fullName', 'Full name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'asha@' }, 'email', 'Enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@x.in` }, 'email', 'Email must be at most 254 characters'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters long!'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ role: 'admin' }, 'role', 'Choose buyer or seller'],
  ])('%j: %s says %j', (changes, field, message) => {
    expect(errorsOf(signUpSchema, { ...signUp, ...changes })).toEqual({ [field]: message });
  });
});

describe('confirmation of a new password', () => {
  it("says the passwords don't match", () => {
    expect(errorsOf(signUpFormSchema, { ...signUp, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match!",
    });
    expect(errorsOf(signUpFormSchema, { ...signUp, confirmPassword: 'secret1' })).toEqual({});
    expect(errorsOf(resetPasswordFormSchema, { token: 't', password: 'secret1', confirmPassword: 'secret' })).toEqual({
      confirmPassword: "Passwords don't match!",
    });
  });

  it('reports a short password and a mismatch together', () => {
    expect(errorsOf(signUpFormSchema, { ...signUp, password: '123', confirmPassword: '1234' })).toEqual({
      password: 'Password must be at least 6 characters long!',
      confirmPassword: "Passwords don't match!",
    });
  });
});

describe('other account forms', () => {
  it('signs in with any stored password length', () => {
    expect(errorsOf(signInSchema, { email: 'a@b.in', password: '123' })).toEqual({});
    expect(errorsOf(signInSchema, { email: 'a@b.in', password: '' })).toEqual({ password: 'Password is required' });
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: 'Email is required' });
  });

  it('needs a token and a new password to reset', () => {
    expect(errorsOf(resetPasswordSchema, { token: '', password: '123' })).toEqual({
      token: 'This password reset link is invalid or has expired',
      password: 'Password must be at least 6 characters long!',
    });
  });

  it('needs the current password to change it', () => {
    expect(errorsOf(changePasswordSchema, { password: 'secret2' })).toEqual({
      currentPassword: 'Password is required',
    });
  });

  it('lets users add buyer or seller, and admins any role', () => {
    expect(addRoleSchema.parse({ role: 'seller' })).toEqual({ role: 'seller' });
    expect(errorsOf(addRoleSchema, { role: 'admin' })).toEqual({ role: 'Choose buyer or seller' });
    expect(roleChangeSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(errorsOf(roleChangeSchema, { role: 'owner' })).toEqual({ role: 'Choose buyer, seller, admin or analyst' });
  });
});
