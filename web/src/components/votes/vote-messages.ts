/** Words every vote page uses: a vote's state, kind and channels, in English and Spanish. */
import { messages } from '../../i18n.ts';

export const voteWords = messages({
  en: {
    'state.draft': 'Being set up', 'state.frozen': 'Voter list frozen', 'state.counted': 'Counted', 'state.certified': 'Certified', 'state.open': 'Open for voting', 'state.closed': 'Voting closed', 'state.published': 'Results published',
    'kind.strike-authorization': 'Strike authorization', 'kind.ratification': 'Contract ratification', 'kind.other': 'Other vote',
    'channel.online': 'online', 'channel.kiosk': 'site kiosk', 'channel.paper': 'paper ballot',
    'status.active': 'active', 'status.leave': 'on leave', 'status.inactive': 'inactive',
    'results.turnout': '{voted} of {eligible} members voted: {share} turnout',
    'results.passed': 'Passed',
    'results.failed': 'Did not pass',
    'results.option': 'Choice',
    'results.votes': 'Votes',
    'results.share': 'Share',
    'results.blank': 'Left blank',
    'results.needs': 'To pass, “{option}” needs more than {share} of the ballots that answered.',
    'results.summary': '{share} {option}',
    'results.ballots': 'Ballots counted: {opened} online and at kiosks, {paper} on paper ({spoiled} spoiled paper ballots not counted).',
    'results.paperGap': '{n} of the members signed in for a paper ballot left no ballot in the box (a ballot taken away or never cast): they count as having voted, and no ballot of theirs is counted.',
  },
  es: {
    'state.draft': 'En preparación', 'state.frozen': 'Lista de votantes cerrada', 'state.counted': 'Contada', 'state.certified': 'Certificada', 'state.open': 'Abierta para votar', 'state.closed': 'Votación cerrada', 'state.published': 'Resultados publicados',
    'kind.strike-authorization': 'Autorización de huelga', 'kind.ratification': 'Ratificación del contrato', 'kind.other': 'Otra votación',
    'channel.online': 'en línea', 'channel.kiosk': 'quiosco en el sitio', 'channel.paper': 'boleta de papel',
    'status.active': 'activo', 'status.leave': 'con licencia', 'status.inactive': 'inactivo',
    'results.turnout': '{voted} de {eligible} miembros votaron: {share} de participación',
    'results.passed': 'Aprobada',
    'results.failed': 'No aprobada',
    'results.option': 'Opción',
    'results.votes': 'Votos',
    'results.share': 'Porcentaje',
    'results.blank': 'En blanco',
    'results.needs': 'Para aprobarse, “{option}” necesita más del {share} de las boletas que la respondieron.',
    'results.summary': '{share} {option}',
    'results.ballots': 'Boletas contadas: {opened} en línea y en quioscos, {paper} de papel ({spoiled} boletas de papel anuladas, no contadas).',
    'results.paperGap': '{n} de los miembros registrados para votar en papel no dejaron boleta en la urna (una boleta que se llevaron o que no depositaron): cuentan como votantes, y no se cuenta ninguna boleta suya.',
  },
});
