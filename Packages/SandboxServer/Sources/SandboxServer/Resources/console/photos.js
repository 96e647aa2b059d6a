// The SooGreyhounds view: the photo catalogue through the Flickr-style REST
// API, with thumbnails of the images the sandbox serves.
import { $, h, showError } from './dom.js';
import { request, sandboxServices } from './api.js';

const perPage = 24;
const state = { started: false, page: 1, pages: 1, text: '' };

async function load() {
  const { soogreyhounds } = await sandboxServices();
  const method = state.text ? 'soogreyhounds.photos.search' : 'soogreyhounds.photos.getList';
  const query = new URLSearchParams({
    method, api_key: soogreyhounds.apiKey, format: 'json', nojsoncallback: '1',
    extras: 'url_h,date_taken', per_page: String(perPage), page: String(state.page),
  });
  if (state.text) query.set('text', state.text);
  const answer = await request('GET', `/services/rest?${query}`);
  // Failures come as 200 with `"stat":"fail"`, a code and a message, as on Flickr.
  if (!answer?.photos) throw new Error(`SooGreyhounds answered ${answer?.code ?? 'no photos'}: ${answer?.message ?? ''}`);
  const photos = answer.photos;
  state.pages = Math.max(1, photos.pages);
  $('ph-gallery').replaceChildren(...(photos.photo ?? []).map((photo) => {
    // Only images this sandbox serves: the page's policy allows no other origin.
    const source = photo.url_h ? new URL(photo.url_h, location.href) : null;
    const image = source && source.origin === location.origin
      ? h('img', { src: source.pathname, alt: photo.title, loading: 'lazy', decoding: 'async' })
      : h('div', { class: 'hint' }, 'No image');
    return h('figure', { dataset: { photoId: photo.id } }, image,
      h('figcaption', {}, photo.title, h('span', {}, [photo.owner, photo.datetaken].filter(Boolean).join(' · '))));
  }));
  $('ph-page').textContent = `Page ${photos.page} of ${state.pages} · ${photos.total} photos`;
  $('ph-prev').disabled = state.page <= 1;
  $('ph-next').disabled = state.page >= state.pages;
}

export const photosView = {
  async show() {
    if (state.started) return;
    state.started = true;
    $('ph-prev').addEventListener('click', () => { state.page -= 1; load().catch(showError); });
    $('ph-next').addEventListener('click', () => { state.page += 1; load().catch(showError); });
    let timer;
    $('ph-search').addEventListener('input', (event) => {
      clearTimeout(timer);
      timer = setTimeout(() => { state.text = event.target.value.trim(); state.page = 1; load().catch(showError); }, 300);
    });
    await load();
  },
  hide() {},
};
