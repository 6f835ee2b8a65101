#import "PinnedFloorDynamics.h"

/// A screen that runs examples/pinned-floor.dynamics.json through its generated class
/// (examples/generated/pinned-floor/PinnedFloorDynamics.h), without editing it: the app places the views, listens
/// through the blocks, drives the snap with a tap, and keeps the scene's pinned floor and snap point at their
/// edges when the view changes size.
@interface SnapViewController : UIViewController
@property (nonatomic, readonly, nullable) PinnedFloorDynamics *dynamics;
@property (nonatomic, readonly) NSMutableArray<NSString *> *contacts;
@end

@implementation SnapViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    // Views of the scene's sizes, placed by their pins in the view's size; the app's own views work the same
    // way (with PinnedFloorDynamicsPlacementKeepViews when the app has placed them itself).
    NSDictionary<PinnedFloorDynamicsItem, UIView *> *views = [PinnedFloorDynamics makeViewsWithBackgroundColor:nil];
    for (PinnedFloorDynamicsItem identifier in [PinnedFloorDynamics allItems]) [self.view addSubview:views[identifier]];
    _dynamics = [[PinnedFloorDynamics alloc] initWithReferenceView:self.view
                                                             items:views
                                                         placement:PinnedFloorDynamicsPlacementFromScene];
    _contacts = [[NSMutableArray alloc] init];
    __weak SnapViewController *weakSelf = self;
    _dynamics.onContactBegan = ^(PinnedFloorDynamicsItem item, PinnedFloorDynamicsItem partner, NSString *boundary,
                                 CGPoint point) {
        NSString *other = partner != nil ? partner : boundary != nil ? boundary : @"the bounds";
        [weakSelf.contacts addObject:[NSString stringWithFormat:@"%@ touches %@ at %g, %g", item, other, point.x, point.y]];
    };
    UITapGestureRecognizer *tap = [[UITapGestureRecognizer alloc] initWithTarget:nil action:NULL];
    [self.view addGestureRecognizer:tap];
    [_dynamics attachTapGestureRecognizer:tap snap:PinnedFloorDynamicsSnapDock];
}

- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    // The pinned boundaries, anchors and snap points follow the view's size.
    [_dynamics layoutDidChange];
}

@end
