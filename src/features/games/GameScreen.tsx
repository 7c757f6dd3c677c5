import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { CommonCode } from '../../../contract/types';
import { vendorName } from '../../data/gameMenu';
import { useGameWindowActor } from '../../data/games';
import { useGameMenu } from '../../data/useGameMenu';
import { currentLocale, useT } from '../../i18n';
import { gameLink, screen, type GameCategoryId, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Modal } from '../../ui/Modal';
import { GameList } from './GameList';
import { VendorCards } from './VendorCards';
import './games.css';

/** Slot categories pick a game in a modal over the lobby (SPEC §2 slot-game picker); the others list tables. */
const PICKER_CATEGORIES: readonly GameCategoryId[] = ['slot', 'hotelSlot'];

/**
 * Every game screen of the map (its `game` field): a category's lobby (the vendors from the game codes)
 * or one vendor's games. Slot vendors open the picker over their lobby; casino and fishing vendors
 * list their tables and games on the page.
 */
export function GameScreen() {
  const t = useT();
  const tree = useTree();
  const navigate = useNavigate();
  const id = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.screen }) as ScreenId;
  const entry = screen(id);
  const { category, vendorCodes } = entry.game!;
  const menu = useGameMenu();
  const vendors: CommonCode[] = menu.status === 'ready' ? menu.data.find((group) => group.id === category)?.vendors ?? [] : [];
  const chosen = vendorCodes ? vendors.filter((vendor) => vendorCodes.includes(vendor.code)) : [];
  const lobbyLink = useMemo(() => gameLink(tree, category), [tree, category]);
  const picker = vendorCodes !== undefined && PICKER_CATEGORIES.includes(category);
  const mergeOffered = useSelector(useGameWindowActor(), (snapshot) => snapshot?.matches('offering') ?? false);
  // The merge offered when the game window closes is the next step: the picker closes, not waits behind it.
  useEffect(() => {
    if (picker && mergeOffered && lobbyLink) void navigate({ ...lobbyLink, replace: true });
  }, [picker, mergeOffered, lobbyLink, navigate]);

  const lobby = (
    <>
      <h1 className="section-title">{t(`front.menu.${category}`)}</h1>
      {menu.status === 'loading' && <p className="panel-note">{t('front.loading')}</p>}
      {menu.status === 'failed' && <p className="panel-note panel-note--error">{t('front.menu.loadFailed')}</p>}
      {menu.status === 'ready' && <VendorCards category={category} vendors={vendors} />}
    </>
  );

  if (!vendorCodes || picker) {
    return (
      <section className="game-screen" data-testid={`game-lobby-${category}`}>
        {lobby}
        {picker && (
          <Modal
            title={t(entry.title)}
            className="slot-picker"
            testId="slot-picker"
            closeLabel={t('front.modal.close')}
            onClose={() => lobbyLink && void navigate(lobbyLink)}
          >
            <VendorSections vendors={chosen} loading={menu.status === 'loading'} layout="slots" />
          </Modal>
        )}
      </section>
    );
  }
  return (
    <section className="game-screen" data-testid={`game-vendor-${id}`}>
      <h1 className="section-title">{t(entry.title)}</h1>
      <VendorSections vendors={chosen} loading={menu.status === 'loading'} layout="tables" />
    </section>
  );
}

/** The games of each vendor code a screen covers (YL Gaming spans several codes). */
function VendorSections({ vendors, loading, layout }: { vendors: CommonCode[]; loading: boolean; layout: 'slots' | 'tables' }) {
  const t = useT();
  if (loading) return <p className="panel-note">{t('front.loading')}</p>;
  if (vendors.length === 0) return <p className="panel-note" data-testid="game-empty">{t('front.game.noGame')}</p>;
  return (
    <>
      {vendors.map((vendor) => (
        <div key={vendor.code} className="game-section">
          {vendors.length > 1 && <h2 className="game-section__title">{vendorName(vendor, currentLocale())}</h2>}
          <GameList vendor={vendor} layout={layout} />
        </div>
      ))}
    </>
  );
}
