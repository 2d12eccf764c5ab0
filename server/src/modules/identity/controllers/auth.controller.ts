import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ACCOUNT_STEP_HEADER,
  SESSION_COOKIE,
  isSafeCallbackPath,
  type SessionDto,
} from '@pos/contracts';
import { issueCsrfToken, csrfMatches } from '../../../core/auth/csrf';
import { Public, SkipCsrf } from '../../../core/auth/decorators';
import { SecretsService } from '../../../core/auth/secrets.service';
import { SessionService } from '../../../core/auth/session.service';
import { AppException } from '../../../core/errors/app.exception';
import type { AuthUser } from '../../../core/auth/auth.types';
import { SignInService } from '../services/sign-in.service';

const PROVIDERS = {
  credentials: {
    id: 'credentials',
    name: 'Credentials',
    type: 'credentials',
    signinUrl: '/api/auth/signin/credentials',
    callbackUrl: '/api/auth/callback/credentials',
  },
};

/** Only same-origin paths may be a callback (no open redirect; the rule is isSafeCallbackPath). */
function safeCallback(value: unknown): string {
  return isSafeCallbackPath(value) ? value : '/';
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The session API of spec §7, under /api/auth. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly secrets: SecretsService,
    private readonly sessions: SessionService,
    private readonly signIn: SignInService,
  ) {}

  @Public()
  @Get('csrf')
  csrf(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    return { csrfToken: issueCsrfToken(req, res, this.secrets) };
  }

  @Public()
  @Get('providers')
  providers() {
    return PROVIDERS;
  }

  @Public()
  @Get('session')
  session(
    @Req() req: Request & { user?: AuthUser & { expiresAt: Date } },
    @Res({ passthrough: true }) res: Response,
    @Query('callbackUrl') _callbackUrl?: string,
  ): SessionDto {
    res.setHeader('Cache-Control', 'no-store');
    const user = req.user;
    // An API key is not a session (and has no expiry): a key-authenticated call reads as no session.
    if (!user || user.viaApiKey) return {};
    // A step to take first (issue 11): named in a header, the body stays as the spec says.
    if (user.pendingStep) res.setHeader(ACCOUNT_STEP_HEADER, user.pendingStep);
    return {
      user: {
        id: user.id,
        username: user.username,
        name: user.name,
        branchId: user.branchId,
        isAdmin: user.isAdmin,
        permissions: user.permissions.map((key) => ({ key })),
        screens: user.screens,
        maxDiscountPercent: user.maxDiscountPercent,
      },
      expires: user.expiresAt.toISOString(),
    };
  }

  @Public()
  @SkipCsrf()
  @Post(['signin/:provider', 'callback/:provider'])
  @HttpCode(HttpStatus.OK)
  async signin(
    @Param('provider') provider: string,
    @Body() body: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const json = str(body?.json) === 'true';
    if (!(provider in PROVIDERS)) {
      // Spec §8: no such provider → the auth error page.
      const url = '/login?error=Configuration';
      if (json) return { url };
      res.redirect(302, url);
      return;
    }
    if (!csrfMatches(req, body?.csrfToken, this.secrets)) {
      throw new AppException('CSRF_INVALID', HttpStatus.FORBIDDEN);
    }
    const result = await this.signIn.signIn(
      str(body?.username) ?? '',
      str(body?.password) ?? '',
      { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null, userId: null },
      (req.cookies as Record<string, string>)?.[SESSION_COOKIE],
      // Two-step sign-in: the 6-digit code, or one of the recovery codes (users who have it on).
      { code: str(body?.code)?.slice(0, 20), recoveryCode: str(body?.recoveryCode)?.slice(0, 40) },
    );
    res.cookie(SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      expires: result.expiresAt,
    });
    const url = safeCallback(body?.callbackUrl);
    if (json) return { url };
    res.redirect(302, url);
  }

  @Public()
  @SkipCsrf()
  @Post('signout')
  @HttpCode(HttpStatus.OK)
  async signout(
    @Body() body: Record<string, unknown>,
    @Req() req: Request & { user?: AuthUser },
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!csrfMatches(req, body?.csrfToken, this.secrets)) {
      throw new AppException('CSRF_SIGNOUT_MISSING', HttpStatus.BAD_REQUEST);
    }
    if (req.user)
      await this.signIn.signOut(req.user, {
        ip: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
        userId: req.user.id,
      });
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    const url = safeCallback(body?.callbackUrl ?? '/login');
    if (str(body?.json) === 'true') return { url };
    res.redirect(302, url);
  }
}
